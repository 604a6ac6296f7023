package billing_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// closeOrg is an organization of closeWorld with what its invoice must be.
type closeOrg struct {
	id       uuid.UUID
	projects []uuid.UUID
	total    int64
	lines    int
}

// closeWorld writes n organizations subscribed for November 2026 to one of
// three plans in turn (organization i on the (i%3)th): "metered" (a 1000 fee in advance, delivered bytes above
// 1,000,000 at 3 micro-units), "packaged" (a 500 fee in arrears, delivered
// bytes in started packages of 1,000,000 at 250,000 micro-units) and "free"
// (nothing to pay: paid at finalization). Organization i has (i/3)%3 projects,
// delivered bytes in i%4 hourly rows, and endpoints on some projects: one for
// every event, one for invoice.paid only, one disabled. It returns the
// organizations with the totals computed here by hand.
func closeWorld(t testing.TB, ctx context.Context, c *ent.Client, n int) []closeOrg {
	t.Helper()
	nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	plan := func(code string, fee int64, inAdvance bool) *ent.Plan {
		return c.Plan.Create().SetCode(code).SetName(code).SetFamily(code).SetCurrency("EUR").
			SetBaseAmountMinor(fee).SetPayInAdvance(inAdvance).SaveX(ctx)
	}
	metered, packaged, free := plan("metered", 1000, true), plan("packaged", 500, false), plan("free", 0, false)
	c.PlanMetric.Create().SetPlanID(metered.ID).SetMetric(catalog.DeliveredBytes).SetIncluded(1_000_000).
		SetUnitPriceMicro(3).ExecX(ctx)
	c.PlanMetric.Create().SetPlanID(packaged.ID).SetMetric(catalog.DeliveredBytes).SetModel(catalog.Package).
		SetPackageSize(1_000_000).SetUnitPriceMicro(250_000).ExecX(ctx)
	orgs := make([]closeOrg, n)
	for i := range orgs {
		o := c.Organization.Create().SetName(fmt.Sprintf("org %d", i)).SaveX(ctx)
		orgs[i].id = o.ID
		p := []*ent.Plan{metered, packaged, free}[i%3]
		c.Subscription.Create().SetOrganizationID(o.ID).SetPlanID(p.ID).SetName(p.Name).SetPlanCode(p.Code).
			SetStatus(catalog.Active).SetStartedAt(nov).SetSubscriptionAt(nov).
			SetCurrentPeriodStart(nov).SetCurrentPeriodEnd(nov.AddDate(0, 1, 0)).ExecX(subscriptionlifecycle.ForTest(ctx))
		for j := 0; j < (i/3)%3; j++ {
			pr := c.Project.Create().SetOrganizationID(o.ID).SetName(fmt.Sprintf("p%d", j)).SaveX(ctx)
			orgs[i].projects = append(orgs[i].projects, pr.ID)
			if i%5 == 0 {
				c.WebhookEndpoint.Create().SetProjectID(pr.ID).SetURL("https://example.com/all").SetSecret("whsec_a").ExecX(ctx)
				c.WebhookEndpoint.Create().SetProjectID(pr.ID).SetURL("https://example.com/off").SetSecret("whsec_b").
					SetEnabled(false).ExecX(ctx)
			}
			if i%7 == 0 {
				c.WebhookEndpoint.Create().SetProjectID(pr.ID).SetURL("https://example.com/paid").SetSecret("whsec_c").
					SetEventTypes([]string{billing.EventInvoicePaid}).ExecX(ctx)
			}
		}
		var bytes int64
		for h := 0; h < i%4; h++ {
			q := int64(700_000 + 333_333*h + 1_001*i)
			bytes += q
			// Usage needs a project; an organization without one records none.
			if len(orgs[i].projects) == 0 {
				bytes = 0
				break
			}
			c.UsageHourly.Create().SetOrganizationID(o.ID).SetProjectID(orgs[i].projects[0]).
				SetMetric(usageMetric(catalog.DeliveredBytes)).SetHour(nov.Add(time.Duration(h*50+i%20) * time.Hour)).
				SetQuantity(q).ExecX(ctx)
		}
		switch i % 3 {
		case 0: // metered: the next period's fee, then bytes above the included amount
			orgs[i].total, orgs[i].lines = 1000, 1
			if billable := bytes - 1_000_000; billable > 0 {
				orgs[i].total += (billable*3 + 500_000) / 1_000_000
				orgs[i].lines++
			}
		case 1: // packaged: the period's fee, then started packages
			orgs[i].total, orgs[i].lines = 500, 1
			if bytes > 0 {
				orgs[i].total += ((bytes+999_999)/1_000_000*250_000 + 500_000) / 1_000_000
				orgs[i].lines++
			}
		}
	}
	return orgs
}

// TestPeriodCloseBatch closes and finalizes a period for a few hundred
// organizations on varied plans, projects, endpoints and usage, and checks
// each invoice, its lines, the gapless numbers, every invoice.* event and
// webhook delivery against what the organizations must get; a second run
// writes nothing more.
func TestPeriodCloseBatch(t *testing.T) {
	const n = 360
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			c := db.Client
			ctx := tenancy.SystemContext(context.Background(), "close batch test")
			orgs := closeWorld(t, ctx, c, n)
			clk := &clock{t: time.Date(2026, 12, 1, 0, 10, 0, 0, time.UTC)}
			svc := &billing.Service{Client: c, Runtime: billing.Runtime{Now: clk.Now}, Events: &webhooks.Recorder{}}
			if got, err := svc.CloseDue(ctx); err != nil || got != n {
				t.Fatalf("close: %d %v", got, err)
			}
			clk.Set(clk.Now().Add(2 * time.Hour))
			if got, err := svc.FinalizeDue(ctx); err != nil || got != n {
				t.Fatalf("finalize: %d %v", got, err)
			}
			checkClosed(t, ctx, c, orgs)
			if got, err := svc.CloseDue(ctx); err != nil || got != 0 {
				t.Fatalf("close again: %d %v", got, err)
			}
			if got, err := svc.FinalizeDue(ctx); err != nil || got != 0 {
				t.Fatalf("finalize again: %d %v", got, err)
			}
			checkClosed(t, ctx, c, orgs)
		})
	}
}

// checkClosed checks the invoices, events and deliveries of closeWorld's
// organizations after one close and finalization.
func checkClosed(t *testing.T, ctx context.Context, c *ent.Client, orgs []closeOrg) {
	t.Helper()
	invs := c.Invoice.Query().WithLines().Order(ent.Asc(invoice.FieldCreatedAt), ent.Asc(invoice.FieldID)).AllX(ctx)
	if len(invs) != len(orgs) {
		t.Fatalf("%d invoices, want %d", len(invs), len(orgs))
	}
	byOrg := map[uuid.UUID]*ent.Invoice{}
	for i, inv := range invs {
		if want := fmt.Sprintf("INV-%06d", i+1); inv.Number == nil || *inv.Number != want {
			t.Fatalf("invoice %d numbered %v, want %s", i, inv.Number, want)
		}
		byOrg[inv.OrganizationID] = inv
	}
	wantEvents, wantDeliveries := map[string]int{}, 0
	for i, o := range orgs {
		inv := byOrg[o.id]
		if inv == nil {
			t.Fatalf("org %d: no invoice", i)
		}
		status := invoice.StatusFinalized
		if o.total <= 0 {
			status = invoice.StatusPaid
		}
		var sum int64
		for _, l := range inv.Edges.Lines {
			sum += l.AmountMinor
		}
		if inv.TotalMinor != o.total || sum != o.total || len(inv.Edges.Lines) != o.lines || inv.Status != status ||
			inv.DueAt == nil || inv.FinalizedAt == nil || (status == invoice.StatusPaid) != (inv.PaidAt != nil) {
			t.Fatalf("org %d: invoice %+v with %d lines summing %d; want total %d in %d lines, %s",
				i, inv, len(inv.Edges.Lines), sum, o.total, o.lines, status)
		}
		types := []string{billing.EventInvoiceFinalized}
		if status == invoice.StatusPaid {
			types = append(types, billing.EventInvoicePaid)
		}
		for _, p := range o.projects {
			evs := c.Event.Query().Where(event.ProjectID(p)).Order(ent.Asc(event.FieldCreatedAt), ent.Asc(event.FieldID)).AllX(ctx)
			var got []string
			for _, ev := range evs {
				got = append(got, ev.Type)
				if ev.Data["id"] != inv.ID.String() || ev.Data["number"] != *inv.Number || ev.Data["status"] != string(status) ||
					ev.Data["total_minor"] != float64(o.total) || ev.Data["organization_id"] != o.id.String() {
					t.Fatalf("org %d: event %s data %v for invoice %+v", i, ev.Type, ev.Data, inv)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(types) {
				t.Fatalf("org %d project %s: events %v, want %v", i, p, got, types)
			}
			for _, typ := range types {
				wantEvents[typ]++
				if i%5 == 0 {
					wantDeliveries++ // the endpoint for everything (the disabled one gets none)
				}
				if i%7 == 0 && typ == billing.EventInvoicePaid {
					wantDeliveries++
				}
			}
		}
	}
	for _, typ := range []string{billing.EventInvoiceFinalized, billing.EventInvoicePaid} {
		if got := c.Event.Query().Where(event.Type(typ)).CountX(ctx); got != wantEvents[typ] {
			t.Fatalf("%d %s events, want %d", got, typ, wantEvents[typ])
		}
	}
	ds := c.WebhookDelivery.Query().WithEvent().WithEndpoint().AllX(ctx)
	if len(ds) != wantDeliveries {
		t.Fatalf("%d deliveries, want %d", len(ds), wantDeliveries)
	}
	for _, dl := range ds {
		ev, ep := dl.Edges.Event, dl.Edges.Endpoint
		if dl.Status != webhookdelivery.StatusPending || ev.ProjectID != ep.ProjectID || dl.ProjectID != ev.ProjectID ||
			dl.EventType != ev.Type || !ep.Enabled || (len(ep.EventTypes) > 0 && ep.EventTypes[0] != ev.Type) {
			t.Fatalf("delivery %+v of event %+v to endpoint %+v", dl, ev, ep)
		}
	}
}

// TestPeriodCloseRoundTrips counts the statements of a close and its
// finalization: three times as many organizations (60, then 180) add no more
// than a few statements (the multi-row INSERTs of the audit records, 50 rows
// each), where the finalization used to run four per invoice (its UPDATE, its
// organization's projects, its event and the event's endpoints).
func TestPeriodCloseRoundTrips(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			count := func(n int) (closing, finalizing int64, kinds map[string]int) {
				db, counter := testdb.OpenCounting(t, d)
				ctx := tenancy.SystemContext(context.Background(), "close round trips test")
				closeWorld(t, ctx, db.Client, n)
				clk := &clock{t: time.Date(2026, 12, 1, 0, 10, 0, 0, time.UTC)}
				svc := &billing.Service{Client: db.Client, Runtime: billing.Runtime{Now: clk.Now}, Events: &webhooks.Recorder{}}
				counter.Reset()
				if got, err := svc.CloseDue(ctx); err != nil || got != n {
					t.Fatalf("close: %d %v", got, err)
				}
				closing = counter.Count()
				counter.Reset()
				clk.Set(clk.Now().Add(2 * time.Hour))
				if got, err := svc.FinalizeDue(ctx); err != nil || got != n {
					t.Fatalf("finalize: %d %v", got, err)
				}
				finalizing = counter.Count()
				kinds = map[string]int{}
				for _, s := range counter.Statements() {
					kinds[s[:min(len(s), 40)]]++
				}
				return closing, finalizing, kinds
			}
			c1, f1, _ := count(60)
			c3, f3, kinds := count(180)
			// 120 more organizations: 240 more audit records for the close, 120
			// for the finalization, in INSERTs of 50.
			if c3-c1 > 5 || f3-f1 > 3 {
				var lines []string
				for k, v := range kinds {
					lines = append(lines, fmt.Sprintf("%5d %s", v, k))
				}
				sort.Strings(lines)
				t.Fatalf("statements: close %d for 60 organizations, %d for 180; finalization %d and %d; "+
					"finalization of 180 by kind:\n%s", c1, c3, f1, f3, fmt.Sprint(lines))
			}
			t.Logf("statements: close %d for 60 organizations, %d for 180; finalization %d and %d", c1, c3, f1, f3)
		})
	}
}

// TestFinalizeAuditedEvents finalizes the invoices of several organizations
// in an audited context: the audit record of each event (and delivery) names
// the organization of its project, as one event at a time did.
func TestFinalizeAuditedEvents(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			c := testdb.Open(t, d).Client
			ctx := tenancy.SystemContext(context.Background(), "audited finalization test")
			orgs := closeWorld(t, ctx, c, 12)
			clk := &clock{t: time.Date(2026, 12, 1, 0, 10, 0, 0, time.UTC)}
			svc := &billing.Service{Client: c, Runtime: billing.Runtime{Now: clk.Now}, Events: &webhooks.Recorder{}}
			if got, err := svc.CloseDue(ctx); err != nil || got != len(orgs) {
				t.Fatalf("close: %d %v", got, err)
			}
			clk.Set(clk.Now().Add(2 * time.Hour))
			scoped := audit.WithScope(ctx, &audit.Scope{Action: "test.finalize"})
			if got, err := svc.FinalizeDue(scoped); err != nil || got != len(orgs) {
				t.Fatalf("finalize: %d %v", got, err)
			}
			orgOf := map[uuid.UUID]uuid.UUID{}
			for _, o := range orgs {
				for _, p := range o.projects {
					orgOf[p] = o.id
				}
			}
			projectOf := map[uuid.UUID]uuid.UUID{}
			for _, ev := range c.Event.Query().AllX(ctx) {
				projectOf[ev.ID] = ev.ProjectID
			}
			for _, dl := range c.WebhookDelivery.Query().AllX(ctx) {
				projectOf[dl.ID] = dl.ProjectID
			}
			logs := c.AuditLog.Query().Where(auditlog.Action("test.finalize"),
				auditlog.EntityTypeIn("Event", "WebhookDelivery")).AllX(ctx)
			if len(logs) != len(projectOf) || len(logs) == 0 {
				t.Fatalf("%d audit records of events and deliveries, want %d", len(logs), len(projectOf))
			}
			for _, l := range logs {
				want := orgOf[projectOf[*l.EntityID]]
				if l.OrganizationID == nil || *l.OrganizationID != want {
					t.Fatalf("audit record of %s %s names organization %v, want %s", l.EntityType, *l.EntityID, l.OrganizationID, want)
				}
			}
		})
	}
}
