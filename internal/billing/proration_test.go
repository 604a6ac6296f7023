package billing

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// TestProrate checks prorations computed by hand.
func TestProrate(t *testing.T) {
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) // 30 days
	cases := []struct {
		name           string
		oldFee, newFee int64
		oldAdv, newAdv bool
		at             time.Time
		credit, charge int64
	}{
		// 10 of 30 days left: 1/3 of 3000 = 1000 credited, 1/3 of 9000 charged.
		{"third left", 3000, 9000, true, true, start.AddDate(0, 0, 20), 1000, 3000},
		// 1/3 of 1000 = 333.33 -> 333; 1/3 of 2000 = 666.67 -> 667.
		{"rounding", 1000, 2000, true, true, start.AddDate(0, 0, 20), 333, 667},
		// half of 1 minor unit = 0.5 -> 1 (half-up).
		{"half up", 1, 1, true, true, start.AddDate(0, 0, 15), 1, 1},
		{"arrears old", 3000, 9000, false, true, start.AddDate(0, 0, 20), 0, 3000},
		{"arrears new", 3000, 9000, true, false, start.AddDate(0, 0, 20), 1000, 0},
		{"at start", 3000, 9000, true, true, start, 3000, 9000},
		{"after end", 3000, 9000, true, true, end.Add(time.Hour), 0, 0},
	}
	for _, c := range cases {
		p := Prorate(c.oldFee, c.oldAdv, c.newFee, c.newAdv, start, end, c.at)
		if p.CreditMinor != c.credit || p.ChargeMinor != c.charge {
			t.Errorf("%s: credit %d charge %d, want %d %d", c.name, p.CreditMinor, p.ChargeMinor, c.credit, c.charge)
		}
		if p.NetMinor() != c.charge-c.credit {
			t.Errorf("%s: net %d", c.name, p.NetMinor())
		}
	}
}

// TestPeriodBounds checks calendar and anniversary periods, clamping included.
func TestPeriodBounds(t *testing.T) {
	d := func(y int, m time.Month, day, h int) time.Time { return time.Date(y, m, day, h, 0, 0, 0, time.UTC) }
	cases := []struct {
		name              string
		anchor, at        time.Time
		interval, billing string
		start, end        time.Time
	}{
		{"calendar month", d(2026, 1, 15, 9), d(2026, 3, 10, 0), catalog.Monthly, catalog.Calendar, d(2026, 3, 1, 0), d(2026, 4, 1, 0)},
		{"calendar year", d(2026, 1, 15, 9), d(2026, 3, 10, 0), catalog.Yearly, catalog.Calendar, d(2026, 1, 1, 0), d(2027, 1, 1, 0)},
		{"anniversary", d(2026, 1, 15, 9), d(2026, 3, 10, 0), catalog.Monthly, catalog.Anniversary, d(2026, 2, 15, 9), d(2026, 3, 15, 9)},
		{"anniversary clamp", d(2026, 1, 31, 0), d(2026, 2, 28, 12), catalog.Monthly, catalog.Anniversary, d(2026, 2, 28, 0), d(2026, 3, 31, 0)},
		{"anniversary yearly", d(2024, 2, 29, 0), d(2025, 3, 1, 0), catalog.Yearly, catalog.Anniversary, d(2025, 2, 28, 0), d(2026, 2, 28, 0)},
	}
	for _, c := range cases {
		s, e := PeriodBounds(c.anchor, c.at, c.interval, c.billing)
		if !s.Equal(c.start) || !e.Equal(c.end) {
			t.Errorf("%s: [%s, %s), want [%s, %s)", c.name, s, e, c.start, c.end)
		}
	}
}
