package billing_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

// TestFirstPartialHourIsBilled subscribes at several offsets within an hour
// (:00, :01, :17, :59), delivers 3 GB through the real meter half a minute
// later (and 5 GB in the hour before, which no period of this subscription
// owns), and checks that the first partial hour counts everywhere: the
// period's usage read to now, the hard limit (blocked at once), the
// over-usage payment (2 GB above the 1 GB included at 2 micro = 4000, then
// CONFLICT as nothing more is owed) and the period's close (4000 billed, 4000
// credited). Both databases, the service's clock injected.
func TestFirstPartialHourIsBilled(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		for _, offset := range []time.Duration{0, time.Minute, 17 * time.Minute, 59 * time.Minute} {
			t.Run(d+"/"+offset.String(), func(t *testing.T) {
				w := newWorld(t, d)
				p := w.meteredPlan()
				w.client.PlanMetric.Update().Where(planmetric.PlanID(p.ID), planmetric.Metric(catalog.DeliveredBytes)).
					SetHardLimit(2_000_000_000).ExecX(w.ctx)
				hour := time.Date(2026, 11, 10, 10, 0, 0, 0, time.UTC)
				dec := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
				t0 := hour.Add(offset)
				w.clock.Set(t0)
				if _, err := w.subscribe("metered"); err != nil {
					t.Fatal(err)
				}
				proj := w.client.Project.Query().FirstIDX(w.ctx)
				m := usage.NewMeter(w.client, nil)
				m.Add(proj, hour.Add(-30*time.Minute), 5_000_000_000, 0)
				m.Add(proj, t0.Add(30*time.Second), 3_000_000_000, 0)
				if err := m.Close(w.ctx); err != nil {
					t.Fatal(err)
				}
				w.clock.Set(t0.Add(40 * time.Second))

				totals, err := usage.Totals(w.ctx, w.client, w.org, *w.current().CurrentPeriodStart, w.clock.Now())
				if err != nil {
					t.Fatal(err)
				}
				if totals[usage.DeliveredBytes] != 3_000_000_000 {
					t.Fatalf("period usage so far: %d bytes, want 3e9", totals[usage.DeliveredBytes])
				}

				l := &billing.Limits{Client: w.client, Runtime: billing.Runtime{Now: w.clock.Now},
					Usage: billing.UsageFunc(func(ctx context.Context, org uuid.UUID, from, to time.Time) (map[string]int64, error) {
						return usage.Totals(ctx, w.client, org, from, to)
					})}
				if err := l.Refresh(w.ctx); err != nil {
					t.Fatal(err)
				}
				if err := l.CheckProject(proj); kindOf(err) != billing.KindPaymentRequired {
					t.Fatalf("3 GB over a 2 GB hard limit: %v, want PAYMENT_REQUIRED", err)
				}

				ou, err := w.overUsage()
				if err != nil {
					t.Fatalf("over-usage payment: %v", err)
				}
				if ou.TotalMinor != 4000 {
					t.Fatalf("over-usage invoice %d, want 4000", ou.TotalMinor)
				}
				if _, err := w.overUsage(); kindOf(err) != billing.KindConflict {
					t.Fatalf("second over-usage payment: %v, want CONFLICT", err)
				}

				w.clock.Set(dec.Add(30 * time.Minute))
				w.run("close", w.svc.CloseDue, 1)
				inv := w.client.Invoice.Query().Where(invoice.KindEQ(invoice.KindSubscription)).OnlyX(w.ctx)
				if got := w.lines(inv); got[catalog.DeliveredBytes] != 4000 || got["credit"] != -4000 {
					t.Fatalf("period close lines %v, want delivered_bytes 4000 and credit -4000", got)
				}
			})
		}
	}
}

// TestPeriodsCountEachHourOnce reads consecutive periods whose boundary falls
// at :00, :01, :17 and :59 of an hour and checks that every metered hour
// (delivery and live input) is counted by exactly one of them, the hour of
// the boundary by the later one. Both databases.
func TestPeriodsCountEachHourOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			hour := time.Date(2026, 11, 10, 10, 0, 0, 0, time.UTC)
			w.hourly(catalog.DeliveredBytes, hour.Add(-time.Hour), 1)
			w.hourly(catalog.DeliveredBytes, hour, 10)
			w.hourly(catalog.DeliveredBytes, hour.Add(time.Hour), 100)
			w.record(catalog.LiveInputSeconds, hour, 5000) // live hours are recorded at the hour's start
			from, to := hour.Add(-2*time.Hour), hour.Add(2*time.Hour)
			for _, offset := range []time.Duration{0, time.Minute, 17 * time.Minute, 59 * time.Minute} {
				b := hour.Add(offset)
				before, err := usage.PeriodTotals(w.ctx, w.client, w.org, from, b)
				if err != nil {
					t.Fatal(err)
				}
				after, err := usage.PeriodTotals(w.ctx, w.client, w.org, b, to)
				if err != nil {
					t.Fatal(err)
				}
				if before[usage.DeliveredBytes] != 1 || after[usage.DeliveredBytes] != 110 {
					t.Errorf("boundary %s: bytes %d before, %d after; want 1 and 110", b.Format("15:04"), before[usage.DeliveredBytes], after[usage.DeliveredBytes])
				}
				if before[usage.LiveInputSeconds] != 0 || after[usage.LiveInputSeconds] != 5 {
					t.Errorf("boundary %s: live seconds %d before, %d after; want 0 and 5", b.Format("15:04"), before[usage.LiveInputSeconds], after[usage.LiveInputSeconds])
				}
				// A reading from the boundary up to a moment in its hour counts that hour.
				soFar, err := usage.Totals(w.ctx, w.client, w.org, b, b.Add(30*time.Second))
				if err != nil {
					t.Fatal(err)
				}
				if soFar[usage.DeliveredBytes] != 10 || soFar[usage.LiveInputSeconds] != 5 {
					t.Errorf("from %s to 30 s later: %v", b.Format("15:04"), soFar)
				}
			}
		})
	}
}

// overUsage pays the period's over-usage so far (InvoiceOverUsage), committed.
func (w *world) overUsage() (*ent.Invoice, error) {
	var inv *ent.Invoice
	err := w.do(func(tx *ent.Tx) error {
		var err error
		inv, err = w.svc.InvoiceOverUsage(w.ctx, tx, w.org)
		return err
	})
	return inv, err
}
