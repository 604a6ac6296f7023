package billing_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// TestPrice checks each pricing model against figures worked out by hand,
// with the boundaries: tier edges, exact packages, half-up rounding once, and
// amounts beyond int64 micro units.
func TestPrice(t *testing.T) {
	tiers := []catalog.Tier{{UpTo: 100, UnitPriceMicro: 500_000, FlatMinor: 10}, {UpTo: 0, UnitPriceMicro: 250_000, FlatMinor: 100}}
	cases := []struct {
		name     string
		p        billing.MetricPrice
		quantity int64
		billable int64
		minor    int64
	}{
		{"standard below included", billing.MetricPrice{Model: catalog.Standard, Included: 10, UnitPriceMicro: 7}, 9, 0, 0},
		{"standard half rounds up", billing.MetricPrice{Model: catalog.Standard, UnitPriceMicro: 500_000}, 1, 1, 1},
		{"standard just under half", billing.MetricPrice{Model: catalog.Standard, UnitPriceMicro: 499_999}, 1, 1, 0},
		{"standard beyond int64 micro", billing.MetricPrice{Model: catalog.Standard, UnitPriceMicro: 1_000_000}, 9_000_000_000_000_000_000, 9_000_000_000_000_000_000, 9_000_000_000_000_000_000},
		{"package exact", billing.MetricPrice{Model: catalog.Package, PackageSize: 60, UnitPriceMicro: 1_000_000}, 120, 120, 2},
		{"package started", billing.MetricPrice{Model: catalog.Package, PackageSize: 60, UnitPriceMicro: 1_000_000}, 121, 121, 3},
		{"package after included", billing.MetricPrice{Model: catalog.Package, Included: 60, PackageSize: 60, UnitPriceMicro: 1_000_000}, 60, 0, 0},
		{"graduated first tier", billing.MetricPrice{Model: catalog.Graduated, Tiers: tiers}, 100, 100, 60},
		{"graduated into second", billing.MetricPrice{Model: catalog.Graduated, Tiers: tiers}, 101, 101, 60 + 100},
		{"graduated 250: 50+10 + 37.5+100", billing.MetricPrice{Model: catalog.Graduated, Tiers: tiers}, 250, 250, 198},
		{"graduated nothing", billing.MetricPrice{Model: catalog.Graduated, Tiers: tiers}, 0, 0, 0},
		{"volume on the edge", billing.MetricPrice{Model: catalog.Volume, Tiers: tiers}, 100, 100, 60},
		{"volume past the edge: 101 x 0.25 + 100", billing.MetricPrice{Model: catalog.Volume, Tiers: tiers}, 101, 101, 125},
		{"volume after included", billing.MetricPrice{Model: catalog.Volume, Included: 1, Tiers: tiers}, 101, 100, 60},
		{"volume nothing", billing.MetricPrice{Model: catalog.Volume, Tiers: tiers}, 0, 0, 0},
	}
	for _, c := range cases {
		got, err := billing.Price(c.p, c.quantity)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Billable != c.billable || got.AmountMinor != c.minor {
			t.Errorf("%s: billable %d minor %d, want %d %d", c.name, got.Billable, got.AmountMinor, c.billable, c.minor)
		}
	}
	if _, err := billing.Price(billing.MetricPrice{Model: catalog.Package}, 5); err == nil {
		t.Error("package without a size priced")
	}
	if _, err := billing.Price(billing.MetricPrice{Model: "percent"}, 5); err == nil {
		t.Error("unknown model priced")
	}
}
