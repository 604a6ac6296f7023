package billing

import (
	"time"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// PeriodBounds returns the billing period containing at for a subscription that
// started at anchor: calendar periods begin on the 1st of the month (of January
// for yearly plans), anniversary periods on the anchor's day (clamped to the
// month's last day). Periods align to UTC hours.
func PeriodBounds(anchor, at time.Time, interval, billingTime string) (start, end time.Time) {
	anchor = anchor.UTC().Truncate(time.Hour)
	at = at.UTC()
	months := 1
	if interval == catalog.Yearly {
		months = 12
	}
	if billingTime != catalog.Anniversary {
		y, m, _ := at.Date()
		if months == 12 {
			m = time.January
		}
		start = time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
		return start, start.AddDate(0, months, 0)
	}
	// Anniversary: step whole periods from the anchor.
	start = anchor
	for n := 1; ; n++ {
		next := addMonthsClamped(anchor, n*months)
		if next.After(at) {
			return start, next
		}
		start = next
	}
}

// addMonthsClamped adds n months to t, keeping the day of month but clamping it
// to the last day of a shorter month (31 January + 1 month = 28 or 29 February).
func addMonthsClamped(t time.Time, n int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(n), 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return first.AddDate(0, 0, d-1)
}
