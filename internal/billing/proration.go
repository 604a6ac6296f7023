package billing

import (
	"math/big"
	"time"
)

// Proration is what an upgrade at a moment inside a paid period is worth: the
// unused part of the old plan's in-advance fee is credited, the rest of the
// period on the new plan is charged. Amounts are minor units, each rounded once
// half-up. Invoices writes the proration invoice from it.
type Proration struct {
	// CreditMinor is the unused old fee returned (0 when the old fee was not
	// paid in advance).
	CreditMinor int64
	// ChargeMinor is the new fee for the rest of the period (0 when the new
	// plan bills at the period's end).
	ChargeMinor int64
	// Remaining and Period are the durations the amounts were prorated on.
	Remaining, Period time.Duration
}

// NetMinor is ChargeMinor less CreditMinor: negative when the change owes the
// organization money (a credit note, never a negative invoice).
func (p Proration) NetMinor() int64 { return p.ChargeMinor - p.CreditMinor }

// Prorate computes the proration of a change at at within [start, end): the old
// fee (paid in advance when oldInAdvance) and the new one (charged now when
// newInAdvance), each prorated by the remaining share of the period, to the
// second. at outside the period gives a zero remaining share.
func Prorate(oldFeeMinor int64, oldInAdvance bool, newFeeMinor int64, newInAdvance bool, start, end, at time.Time) Proration {
	period := end.Sub(start).Truncate(time.Second)
	remaining := end.Sub(at).Truncate(time.Second)
	if remaining < 0 {
		remaining = 0
	}
	if remaining > period {
		remaining = period
	}
	p := Proration{Remaining: remaining, Period: period}
	if period <= 0 {
		return p
	}
	if oldInAdvance {
		p.CreditMinor = share(oldFeeMinor, remaining, period)
	}
	if newInAdvance {
		p.ChargeMinor = share(newFeeMinor, remaining, period)
	}
	return p
}

// share is amount * part / whole rounded half-up, exact for any int64 inputs.
func share(amount int64, part, whole time.Duration) int64 {
	num := new(big.Int).Mul(big.NewInt(amount), big.NewInt(int64(part/time.Second)))
	den := big.NewInt(int64(whole / time.Second))
	// half-up: (2*num + den) / (2*den) for non-negative values.
	num.Mul(num, big.NewInt(2)).Add(num, den)
	den.Mul(den, big.NewInt(2))
	return num.Quo(num, den).Int64()
}
