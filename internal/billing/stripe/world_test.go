package stripe

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/billingcustomer"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/stripe/stripefake"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// clock is the test's clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// events records the invoice.* and subscription.* events the billing service
// emits, writing the real event row so a rolled-back change leaves none.
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

func (e *events) count(typ string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, t := range e.types {
		if t == typ {
			n++
		}
	}
	return n
}

// world is an organization on a database with the billing service, the fake
// Stripe, the gateway and its webhook endpoint on loopback.
type world struct {
	t      *testing.T
	ctx    context.Context
	client *ent.Client
	clock  *clock
	ev     *events
	svc    *billing.Service
	fake   *stripefake.Server
	g      *Gateway
	hook   string
	org    uuid.UUID
}

// nov is when the world's organization subscribes.
var nov = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func newWorld(t *testing.T, dialect string) *world {
	db := testdb.Open(t, dialect)
	ctx := tenancy.SystemContext(context.Background(), "stripe test")
	c := &clock{t: nov}
	ev := &events{}
	w := &world{t: t, ctx: ctx, client: db.Client, clock: c, ev: ev,
		svc: &billing.Service{Client: db.Client, Runtime: billing.Runtime{Now: c.Now}, Events: ev}}
	w.fake = stripefake.Start(t)
	w.g = w.gateway()
	srv := httptest.NewServer(w.g)
	t.Cleanup(srv.Close)
	w.hook = srv.URL + "/v1" + WebhookPath
	org := db.Client.Organization.Create().SetName("Acme").SaveX(ctx)
	db.Client.Project.Create().SetOrganizationID(org.ID).SetName("One").SaveX(ctx)
	w.org = org.ID
	// A monthly fee of 3000 billed at the period's end, 3 days of grace, and
	// delivered bytes above 1e9 at 2 micro-units each.
	p := db.Client.Plan.Create().SetCode("basic").SetName("Basic").SetFamily("main").SetRank(1).SetCurrency("EUR").
		SetBaseAmountMinor(3000).SetPayInAdvance(false).SetGracePeriodDays(3).SaveX(ctx)
	db.Client.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.DeliveredBytes).SetIncluded(1_000_000_000).
		SetModel(catalog.Standard).SetUnitPriceMicro(2).ExecX(ctx)
	return w
}

// gateway is a fresh gateway on the world (a new worker process would build
// its own).
func (w *world) gateway() *Gateway {
	g, err := New(Config{SecretKey: w.fake.SecretKey, WebhookSecret: w.fake.WebhookSecret, APIBase: w.fake.URL,
		ReturnURL: "https://vidra.example.test/billing"}, w.svc)
	if err != nil {
		w.t.Fatal(err)
	}
	return g
}

// do runs f in a committed transaction.
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

func (w *world) subscribe() {
	w.t.Helper()
	if err := w.do(func(tx *ent.Tx) error {
		_, err := w.svc.Subscribe(w.ctx, tx, billing.SubscribeRequest{OrganizationID: w.org, PlanCode: "basic"})
		return err
	}); err != nil {
		w.t.Fatal(err)
	}
}

// checkout opens a session and returns its id.
func (w *world) checkout() *Session {
	w.t.Helper()
	var s *Session
	if err := w.do(func(tx *ent.Tx) error {
		var err error
		s, err = w.g.Checkout(w.ctx, tx, w.org, "EUR")
		return err
	}); err != nil {
		w.t.Fatal(err)
	}
	return s
}

// saveCard completes a checkout and delivers its webhooks.
func (w *world) saveCard(last4 string) {
	w.t.Helper()
	s := w.checkout()
	if err := w.fake.CompleteCheckout(s.ID, "visa", last4); err != nil {
		w.t.Fatal(err)
	}
	w.deliver(w.fake.TakeEvents())
	if c := w.customer(); c == nil || c.CardLast4 != last4 {
		w.t.Fatalf("card not saved: %+v", c)
	}
}

func (w *world) customer() *ent.BillingCustomer {
	c, err := w.client.BillingCustomer.Query().Where(billingcustomer.OrganizationID(w.org)).Only(w.ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

func (w *world) deliver(evs []stripefake.Event) {
	w.t.Helper()
	if err := w.fake.Deliver(w.hook, evs, 3); err != nil {
		w.t.Fatal(err)
	}
}

// periodInvoice closes November and finalizes its invoice of 3000 (due 14
// days after 1 December).
func (w *world) periodInvoice() *ent.Invoice {
	w.t.Helper()
	dec := nov.AddDate(0, 1, 0)
	w.clock.Set(dec.Add(2 * time.Hour))
	if _, err := w.svc.CloseDue(w.ctx); err != nil {
		w.t.Fatal(err)
	}
	w.clock.Set(dec.Add(4 * time.Hour))
	if _, err := w.svc.FinalizeDue(w.ctx); err != nil {
		w.t.Fatal(err)
	}
	inv := w.client.Invoice.Query().Where(invoice.KindEQ(invoice.KindSubscription)).OnlyX(w.ctx)
	if inv.Status != invoice.StatusFinalized || inv.TotalMinor != 3000 {
		w.t.Fatalf("period invoice %s %d", inv.Status, inv.TotalMinor)
	}
	return inv
}

func (w *world) chargeDue(want int) {
	w.t.Helper()
	n, err := w.g.ChargeDue(w.ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if n != want {
		w.t.Fatalf("charges attempted %d, want %d", n, want)
	}
}

func (w *world) invoice(id uuid.UUID) *ent.Invoice { return w.client.Invoice.GetX(w.ctx, id) }

func (w *world) charges(want int, minor int64) {
	w.t.Helper()
	if n, sum := w.fake.Charges(); n != want || sum != minor {
		w.t.Fatalf("charged %d times for %d, want %d for %d", n, sum, want, minor)
	}
}

func (w *world) sub() *ent.Subscription {
	s, err := billing.Current(w.ctx, w.client, w.org)
	if err != nil || s == nil {
		w.t.Fatalf("current subscription %v %v", s, err)
	}
	return s
}
