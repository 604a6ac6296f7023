package billing_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// mailbox keeps what was mailed.
type mailbox struct{ sent []mail.Message }

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.sent = append(m.sent, msg)
	return nil
}

// TestLimits checks the 80 % and 100 % warnings (sent once each, by event and
// mail), the PAYMENT_REQUIRED block at the hard limit and its end with the
// period, on both databases.
func TestLimits(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			pro, err := billing.PlanByCode(w.ctx, w.client, "pro")
			if err != nil {
				t.Fatal(err)
			}
			w.client.PlanMetric.Create().SetPlanID(pro.ID).SetMetric(catalog.DeliveredBytes).SetHardLimit(1000).SaveX(w.ctx)
			w.client.PlanMetric.Create().SetPlanID(pro.ID).SetMetric(catalog.StoredByteSeconds).SetIncluded(5).SaveX(w.ctx)
			u := w.client.User.Create().SetEmail("owner@example.com").SetName("Owner").SaveX(w.ctx)
			w.client.Membership.Create().SetOrganizationID(w.org).SetUserID(u.ID).SetRole("owner").SaveX(w.ctx)
			if _, err := w.subscribe("pro"); err != nil {
				t.Fatal(err)
			}
			w.ev.take()
			project := w.client.Project.Query().FirstIDX(w.ctx)

			var used int64
			var asked [2]time.Time
			box := &mailbox{}
			l := &billing.Limits{Client: w.client, Runtime: billing.Runtime{Now: w.clock.Now}, Events: w.ev, Mailer: box,
				Usage: billing.UsageFunc(func(_ context.Context, org uuid.UUID, from, to time.Time) (map[string]int64, error) {
					asked = [2]time.Time{from, to}
					return map[string]int64{catalog.DeliveredBytes: used, catalog.StoredByteSeconds: 1 << 40}, nil
				})}
			refresh := func() {
				t.Helper()
				if err := l.Refresh(w.ctx); err != nil {
					t.Fatal(err)
				}
			}
			if err := l.CheckProject(project); err != nil {
				t.Fatalf("before the first refresh: %v", err)
			}
			used = 799
			refresh()
			if err := l.CheckProject(project); err != nil {
				t.Fatalf("at 79.9 %%: %v", err)
			}
			if got := w.ev.take(); len(got) != 0 {
				t.Fatalf("events below 80 %%: %v", got)
			}
			if cur := w.current(); !asked[0].Equal(*cur.CurrentPeriodStart) || !asked[1].Equal(w.clock.Now()) {
				t.Fatalf("usage asked for [%v, %v)", asked[0], asked[1])
			}
			used = 800
			refresh()
			refresh() // sent once
			sameEvents(t, w.ev.take(), "usage.warning")
			if len(box.sent) != 1 || box.sent[0].To != "owner@example.com" {
				t.Fatalf("mails: %+v", box.sent)
			}
			if err := l.CheckProject(project); err != nil {
				t.Fatalf("at 80 %%: %v", err)
			}
			used = 1000
			refresh()
			refresh()
			sameEvents(t, w.ev.take(), "usage.limit_reached")
			err = l.CheckProject(project)
			if e, ok := billing.AsError(err); !ok || e.Kind != billing.KindPaymentRequired {
				t.Fatalf("at the limit: %v", err)
			}
			if l.CheckProject(uuid.New()) != nil {
				t.Fatal("another organization's project is blocked")
			}
			// The next period starts afresh: the warnings are owed again.
			w.advance(*w.current().CurrentPeriodEnd)
			used = 0
			refresh()
			if err := l.CheckProject(project); err != nil {
				t.Fatalf("next period: %v", err)
			}
			if alerts := w.current().UsageAlerts; len(alerts) != 0 {
				t.Fatalf("alerts not reset with the period: %v", alerts)
			}

			// An unpaid subscription blocks whatever the usage.
			err = w.do(func(tx *ent.Tx) error { _, err := w.svc.MarkPastDue(w.ctx, tx, w.current()); return err })
			if err != nil {
				t.Fatal(err)
			}
			w.advance(w.clock.Now().AddDate(0, 0, 3))
			refresh()
			if e, ok := billing.AsError(l.CheckProject(project)); !ok || e.Kind != billing.KindPaymentRequired {
				t.Fatal("unpaid subscription not blocked")
			}
		})
	}
}

// TestLevel checks the warning levels at their edges.
func TestLevel(t *testing.T) {
	for _, c := range []struct {
		q, limit int64
		want     int
	}{{0, 10, 0}, {7, 10, 0}, {8, 10, 80}, {9, 10, 80}, {10, 10, 100}, {11, 10, 100}, {0, 0, 100}, {799, 1000, 0}, {800, 1000, 80}} {
		if got := billing.Level(c.q, c.limit); got != c.want {
			t.Errorf("Level(%d, %d) = %d, want %d", c.q, c.limit, got, c.want)
		}
	}
}

// BenchmarkCheckProject measures the limit check of the upload and playback
// paths (target < 1 µs) against a state of one blocked organization among
// 10,000 projects' worth of lookups.
func BenchmarkCheckProject(b *testing.B) {
	w := newWorld(b, "sqlite3")
	free, err := billing.PlanByCode(w.ctx, w.client, "free")
	if err != nil {
		b.Fatal(err)
	}
	w.client.PlanMetric.Create().SetPlanID(free.ID).SetMetric(catalog.DeliveredBytes).SetHardLimit(0).SaveX(w.ctx)
	if _, err := w.subscribe("free"); err != nil {
		b.Fatal(err)
	}
	l := &billing.Limits{Client: w.client, Runtime: billing.Runtime{Now: w.clock.Now},
		Usage: billing.UsageFunc(func(context.Context, uuid.UUID, time.Time, time.Time) (map[string]int64, error) {
			return map[string]int64{}, nil
		})}
	if err := l.Refresh(w.ctx); err != nil {
		b.Fatal(err)
	}
	blocked := w.client.Project.Query().FirstIDX(w.ctx)
	others := make([]uuid.UUID, 10000)
	for i := range others {
		others[i] = uuid.New()
	}
	if l.CheckProject(blocked) == nil {
		b.Fatal("not blocked")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = l.CheckProject(others[i%len(others)])
	}
}
