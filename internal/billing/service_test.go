package billing_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// clock is a test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// events records what the service emits, as webhooks.Recorder would, writing
// the real event row so a rolled-back change leaves none.
type events struct {
	mu    sync.Mutex
	types []string
}

func (e *events) Record(ctx context.Context, tx *ent.Tx, typ string, projectID uuid.UUID, data any) (*ent.Event, error) {
	ev, err := tx.Event.Create().SetType(typ).SetProjectID(projectID).SetData(map[string]any{"t": typ}).Save(ctx)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.types = append(e.types, typ)
	e.mu.Unlock()
	return ev, nil
}

func (e *events) take() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.types
	e.types = nil
	return out
}

type world struct {
	t      testing.TB
	ctx    context.Context
	client *ent.Client
	clock  *clock
	ev     *events
	svc    *billing.Service
	org    uuid.UUID
}

func newWorld(t testing.TB, dialect string) *world {
	db := testdb.Open(t, dialect)
	ctx := tenancy.SystemContext(context.Background(), "billing test")
	c := &clock{t: time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)}
	ev := &events{}
	w := &world{t: t, ctx: ctx, client: db.Client, clock: c, ev: ev,
		svc: &billing.Service{Client: db.Client, Runtime: billing.Runtime{Now: c.Now}, Events: ev}}
	org := db.Client.Organization.Create().SetName("Acme").SaveX(ctx)
	db.Client.Project.Create().SetOrganizationID(org.ID).SetName("One").SaveX(ctx)
	w.org = org.ID
	w.plan("free", 0, 0, 0, 0)
	w.plan("basic", 1, 3000, 14, 3)
	w.plan("pro", 2, 9000, 0, 3)
	return w
}

func (w *world) plan(code string, rank int, fee int64, trialDays, grace int) *ent.Plan {
	return w.client.Plan.Create().SetCode(code).SetName(code).SetFamily("main").SetRank(rank).SetCurrency("EUR").
		SetBaseAmountMinor(fee).SetTrialDays(trialDays).SetGracePeriodDays(grace).SaveX(w.ctx)
}

// do runs f in a transaction, committing on success.
func (w *world) do(f func(tx *ent.Tx) error) error {
	tx, err := w.client.Tx(w.ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (w *world) subscribe(code string) (*billing.Result, error) {
	var res *billing.Result
	err := w.do(func(tx *ent.Tx) error {
		var err error
		res, err = w.svc.Subscribe(w.ctx, tx, billing.SubscribeRequest{OrganizationID: w.org, PlanCode: code})
		return err
	})
	return res, err
}

func (w *world) current() *ent.Subscription {
	s, err := billing.Current(w.ctx, w.client, w.org)
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

func (w *world) advance(at time.Time) {
	w.clock.Set(at)
	if _, err := w.svc.Advance(w.ctx); err != nil {
		w.t.Fatal(err)
	}
}

// invoices are the organization's invoices, oldest first.
func (w *world) invoices() []*ent.Invoice {
	return w.client.Invoice.Query().Order(ent.Asc(invoice.FieldCreatedAt), ent.Asc(invoice.FieldID)).AllX(w.ctx)
}

func kindOf(err error) string {
	if e, ok := billing.AsError(err); ok {
		return e.Kind
	}
	return ""
}

func sameEvents(t *testing.T, got []string, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("events %v, want %v", got, want)
		}
	}
}

// TestSubscriptionLifecycle walks a trial, its end, an upgrade with proration,
// a downgrade at the period's end and a cancellation at the period's end, on
// both databases, with the clock driven by the test.
func TestSubscriptionLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			start := w.clock.Now()

			// basic has 14 trial days: the first subscription is a trial.
			res, err := w.subscribe("basic")
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != billing.ChangeNew || res.Subscription.Status != catalog.Trialing {
				t.Fatalf("first subscription: %s %s", res.Kind, res.Subscription.Status)
			}
			sameEvents(t, w.ev.take(), "subscription.created")
			if _, err := w.subscribe("basic"); kindOf(err) != billing.KindConflict {
				t.Fatalf("same plan again: %v", err)
			}

			// The trial ends after 14 days: active, calendar period to 1 December.
			w.advance(start.AddDate(0, 0, 14))
			cur := w.current()
			if cur.Status != catalog.Active || cur.TrialEndedAt == nil || !cur.TrialEndedAt.Equal(start.AddDate(0, 0, 14)) {
				t.Fatalf("after trial: %s %v", cur.Status, cur.TrialEndedAt)
			}
			if want := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC); !cur.CurrentPeriodEnd.Equal(want) {
				t.Fatalf("period end %v, want %v", cur.CurrentPeriodEnd, want)
			}
			// The first paid period, 24 November 12:00 to 1 December, is
			// invoiced at once: 6.5 of 30 days of 3000 = 650.
			sameEvents(t, w.ev.take(), "subscription.activated", "invoice.finalized")
			first := w.invoices()
			if len(first) != 1 || first[0].TotalMinor != 650 || *first[0].Number != "INV-000001" ||
				!first[0].PeriodStart.Equal(start.AddDate(0, 0, 14)) || w.lines(first[0])["fee"] != 650 {
				t.Fatalf("first paid period's invoice: %+v", first)
			}
			w.advance(start.AddDate(0, 0, 14)) // idempotent
			sameEvents(t, w.ev.take())

			// Roll into December: a full calendar period.
			w.advance(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
			cur = w.current()
			if !cur.CurrentPeriodStart.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) || !cur.CurrentPeriodEnd.Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) {
				t.Fatalf("renewed period [%v, %v)", cur.CurrentPeriodStart, cur.CurrentPeriodEnd)
			}
			// The close bills December's fee ahead, not the first period's again.
			if invs := w.invoices(); len(invs) != 2 || invs[1].Status != "draft" || invs[1].TotalMinor != 3000 ||
				!invs[1].PeriodStart.Equal(start.AddDate(0, 0, 14)) {
				t.Fatalf("invoices after the first close: %+v", invs)
			}

			// Upgrade on 21 December, 11 of 31 days left: credit 3000*11/31 =
			// 1064.5 -> 1065, charge 9000*11/31 = 3193.5 -> 3194.
			w.clock.Set(time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC))
			res, err = w.subscribe("pro")
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != billing.ChangeUpgrade || res.Proration.CreditMinor != 1065 || res.Proration.ChargeMinor != 3194 {
				t.Fatalf("upgrade: %s %+v", res.Kind, res.Proration)
			}
			if res.Subscription.PreviousPlanCode != "basic" || res.Subscription.Status != catalog.Active {
				t.Fatalf("upgraded: %+v", res.Subscription)
			}
			sameEvents(t, w.ev.take(), "subscription.terminated", "subscription.created", "invoice.finalized")
			// The proration is invoiced in the upgrade's transaction: charge and
			// credit as two lines, net 2129.
			invs := w.invoices()
			pro := invs[len(invs)-1]
			if pro.TotalMinor != 2129 || *pro.SubscriptionID != res.Subscription.ID || pro.Status != "finalized" ||
				fmt.Sprint(w.lines(pro)) != "map[credit:-1065 fee:3194]" {
				t.Fatalf("proration invoice: %+v %v", pro, w.lines(pro))
			}

			// Downgrade to free: scheduled for 1 January.
			res, err = w.subscribe("free")
			if err != nil {
				t.Fatal(err)
			}
			jan := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
			if res.Kind != billing.ChangeDowngrade || res.Subscription.NextPlanCode != "free" || !res.Subscription.DowngradePlanDate.Equal(jan) ||
				res.Next.Status != catalog.Pending {
				t.Fatalf("downgrade: %+v next %+v", res.Subscription, res.Next)
			}
			sameEvents(t, w.ev.take(), "subscription.updated")
			w.advance(jan)
			cur = w.current()
			if cur.PlanCode != "free" || cur.Status != catalog.Active || cur.PreviousPlanCode != "pro" {
				t.Fatalf("after downgrade: %s %s", cur.PlanCode, cur.Status)
			}
			sameEvents(t, w.ev.take(), "subscription.terminated", "subscription.activated")

			// A new trial of the family is not given again, even on another plan.
			rec := billing.RecordOf(cur)
			if rec.TrialEndedAt != billing.ZeroTime || rec.CanceledAt != billing.ZeroTime {
				t.Fatalf("record of the free plan: %+v", rec)
			}

			// Cancel at the period's end: still active until 1 February.
			var canceled *ent.Subscription
			if err := w.do(func(tx *ent.Tx) error {
				canceled, err = w.svc.Cancel(w.ctx, tx, w.org, true)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			feb := time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)
			if canceled.Status != catalog.Active || canceled.CanceledAt == nil || !canceled.EndingAt.Equal(feb) {
				t.Fatalf("canceled at period end: %+v", canceled)
			}
			w.advance(feb)
			if w.current() != nil {
				t.Fatal("still subscribed after ending_at")
			}
			sameEvents(t, w.ev.take(), "subscription.updated", "subscription.terminated")

			// Subscribing again gives no second trial of the family.
			res, err = w.subscribe("basic")
			if err != nil {
				t.Fatal(err)
			}
			if res.Subscription.Status != catalog.Active {
				t.Fatalf("second trial given: %s", res.Subscription.Status)
			}
			// Paid from the start: February's fee invoiced at once, whole.
			invs = w.invoices()
			if last := invs[len(invs)-1]; last.TotalMinor != 3000 || last.Status != "finalized" || !last.PeriodStart.Equal(feb) {
				t.Fatalf("first invoice of the new subscription: %+v", last)
			}
		})
	}
}

// TestDunning walks past_due through the grace period to unpaid, back to
// active when paid, and unpaid for 30 days to terminated.
func TestDunning(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			if _, err := w.subscribe("pro"); err != nil {
				t.Fatal(err)
			}
			w.ev.take()
			mark := func(f func(context.Context, *ent.Tx, *ent.Subscription) (*ent.Subscription, error)) error {
				return w.do(func(tx *ent.Tx) error { _, err := f(w.ctx, tx, w.current()); return err })
			}
			if err := mark(w.svc.MarkPastDue); err != nil {
				t.Fatal(err)
			}
			due := w.clock.Now()
			// Past due: plan changes need payment first.
			if _, err := w.subscribe("basic"); kindOf(err) != billing.KindPaymentRequired {
				t.Fatalf("change while past_due: %v", err)
			}
			// Cancel now is not a move of the state machine from past_due.
			err := w.do(func(tx *ent.Tx) error { _, err := w.svc.Cancel(w.ctx, tx, w.org, false); return err })
			if kindOf(err) != billing.KindConflict {
				t.Fatalf("cancel while past_due: %v", err)
			}
			w.advance(due.AddDate(0, 0, 2))
			if s := w.current(); s.Status != catalog.PastDue {
				t.Fatalf("within grace: %s", s.Status)
			}
			w.advance(due.AddDate(0, 0, 3))
			if s := w.current(); s.Status != catalog.Unpaid {
				t.Fatalf("after grace: %s", s.Status)
			}
			if err := mark(w.svc.MarkPaid); err != nil {
				t.Fatal(err)
			}
			if s := w.current(); s.Status != catalog.Active || s.PastDueAt != nil {
				t.Fatalf("paid: %s", s.Status)
			}
			// A second failure, never paid: unpaid after grace, terminated 30 days later.
			if err := mark(w.svc.MarkPastDue); err != nil {
				t.Fatal(err)
			}
			due = w.clock.Now()
			w.advance(due.AddDate(0, 0, 3))
			w.advance(due.AddDate(0, 0, 33))
			if w.current() != nil {
				t.Fatal("unpaid subscription not terminated after 30 days")
			}
			sameEvents(t, w.ev.take(), "subscription.past_due", "subscription.unpaid", "subscription.activated",
				"subscription.past_due", "subscription.unpaid", "subscription.terminated")
			// A refused move changes nothing: MarkPaid of a terminated one.
			last, err := billing.Latest(w.ctx, w.client, w.org)
			if err != nil {
				t.Fatal(err)
			}
			err = w.do(func(tx *ent.Tx) error { _, err := w.svc.MarkPaid(w.ctx, tx, last); return err })
			var te *billing.TransitionError
			if !errors.As(err, &te) {
				t.Fatalf("terminated -> active: %v", err)
			}
		})
	}
}

// TestCancelNowAndArchived checks cancel now, the NOT_FOUND of nothing to
// cancel, and that an archived plan takes no new subscription.
func TestCancelNowAndArchived(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			err := w.do(func(tx *ent.Tx) error { _, err := w.svc.Cancel(w.ctx, tx, w.org, false); return err })
			if kindOf(err) != billing.KindNotFound {
				t.Fatalf("cancel without subscription: %v", err)
			}
			if _, err := w.subscribe("pro"); err != nil {
				t.Fatal(err)
			}
			var sub *ent.Subscription
			if err := w.do(func(tx *ent.Tx) error { sub, err = w.svc.Cancel(w.ctx, tx, w.org, false); return err }); err != nil {
				t.Fatal(err)
			}
			if sub.Status != catalog.Terminated || sub.TerminatedAt == nil || sub.CanceledAt == nil {
				t.Fatalf("cancel now: %+v", sub)
			}
			p, err := billing.PlanByCode(w.ctx, w.client, "pro")
			if err != nil {
				t.Fatal(err)
			}
			w.client.Plan.UpdateOne(p).SetArchivedAt(w.clock.Now()).ExecX(w.ctx)
			if _, err := w.subscribe("pro"); kindOf(err) != billing.KindConflict {
				t.Fatalf("archived plan: %v", err)
			}
			if _, err := w.subscribe("nope"); kindOf(err) != billing.KindNotFound {
				t.Fatalf("unknown plan: %v", err)
			}
		})
	}
}
