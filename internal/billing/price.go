package billing

import (
	"fmt"
	"math/big"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// MetricPrice is how a plan prices one metric: the included amount, the model
// and its prices (ent.PlanMetric's pricing fields).
type MetricPrice struct {
	Metric         string
	Included       int64
	Model          string
	UnitPriceMicro int64
	PackageSize    int64
	Tiers          []catalog.Tier
}

// Priced is a metric's usage priced: the billable units (above the included
// amount), the amount in millionths of a minor unit (exact), and the amount in
// minor units, rounded once half up.
type Priced struct {
	Billable    int64
	AmountMicro *big.Int
	AmountMinor int64
}

// microPerMinor is how many millionths make a minor unit.
const microPerMinor = 1_000_000

// Price prices quantity units of a metric. The included amount is taken off
// first, for every model; the rest is priced by the model:
//   - standard: every billable unit at UnitPriceMicro;
//   - package: whole packages of PackageSize (a started package counts), each at UnitPriceMicro;
//   - graduated: the units in each tier at that tier's price, plus each reached tier's flat fee;
//   - volume: every billable unit at the price of the tier the billable total falls in, plus its flat fee.
//
// The amount is exact (big integers) until the one rounding to minor units.
func Price(p MetricPrice, quantity int64) (Priced, error) {
	billable := quantity - p.Included
	if billable < 0 {
		billable = 0
	}
	micro := new(big.Int)
	mul := func(units, price int64) *big.Int { return new(big.Int).Mul(big.NewInt(units), big.NewInt(price)) }
	flat := func(minor int64) *big.Int { return mul(minor, microPerMinor) }
	switch p.Model {
	case catalog.Standard, "":
		micro = mul(billable, p.UnitPriceMicro)
	case catalog.Package:
		if p.PackageSize <= 0 {
			return Priced{}, fmt.Errorf("price %s: package size %d", p.Metric, p.PackageSize)
		}
		packages := billable / p.PackageSize
		if billable%p.PackageSize != 0 {
			packages++
		}
		micro = mul(packages, p.UnitPriceMicro)
	case catalog.Graduated:
		var from int64
		for _, t := range p.Tiers {
			if billable <= from {
				break
			}
			to := billable
			if t.UpTo != 0 && t.UpTo < to {
				to = t.UpTo
			}
			micro.Add(micro, mul(to-from, t.UnitPriceMicro))
			micro.Add(micro, flat(t.FlatMinor))
			if t.UpTo == 0 {
				break
			}
			from = t.UpTo
		}
	case catalog.Volume:
		if billable > 0 && len(p.Tiers) > 0 {
			t := p.Tiers[len(p.Tiers)-1]
			for _, c := range p.Tiers {
				if c.UpTo == 0 || billable <= c.UpTo {
					t = c
					break
				}
			}
			micro = mul(billable, t.UnitPriceMicro)
			micro.Add(micro, flat(t.FlatMinor))
		}
	default:
		return Priced{}, fmt.Errorf("price %s: unknown model %q", p.Metric, p.Model)
	}
	minor, err := roundMicro(micro)
	if err != nil {
		return Priced{}, fmt.Errorf("price %s: %w", p.Metric, err)
	}
	return Priced{Billable: billable, AmountMicro: micro, AmountMinor: minor}, nil
}

// roundMicro turns millionths of a minor unit into minor units, half up.
func roundMicro(micro *big.Int) (int64, error) {
	q := new(big.Int).Add(micro, big.NewInt(microPerMinor/2))
	q.Quo(q, big.NewInt(microPerMinor))
	if !q.IsInt64() {
		return 0, fmt.Errorf("amount %s minor units exceeds int64", q)
	}
	return q.Int64(), nil
}

// EffectiveUnitMicro is the average price per billable unit in millionths of a
// minor unit, rounded half up (shown on an invoice line; the amount is exact).
func (p Priced) EffectiveUnitMicro() int64 {
	if p.Billable == 0 {
		return 0
	}
	q := new(big.Int).Add(p.AmountMicro, big.NewInt(p.Billable/2))
	q.Quo(q, big.NewInt(p.Billable))
	if !q.IsInt64() {
		return 0
	}
	return q.Int64()
}
