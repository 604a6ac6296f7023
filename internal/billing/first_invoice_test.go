package billing_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestUpgradeCreditNoteAndTrialUpgrade checks an upgrade whose proration owes
// the organization money (a credit note against the invoice of the old fee,
// charge and credit as two lines, in the upgrade's transaction) and an upgrade
// during a trial (no proration: the first paid period is invoiced from now).
// Both databases, the test's clock.
func TestUpgradeCreditNoteAndTrialUpgrade(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			// A higher rank with a lower fee (say a usage-heavy plan).
			w.plan("scale", 3, 6000, 0, 3)
			// Pro from 10 November 12:00: 20.5 of 30 days of 9000 = 6150.
			if _, err := w.subscribe("pro"); err != nil {
				t.Fatal(err)
			}
			invs := w.invoices()
			if len(invs) != 1 || invs[0].TotalMinor != 6150 || invs[0].Status != invoice.StatusFinalized {
				t.Fatalf("first invoice: %+v", invs)
			}
			fee := invs[0]
			// A subscribe that fails later in its transaction leaves no invoice
			// and no number taken.
			if err := w.do(func(tx *ent.Tx) error {
				if _, err := w.svc.Subscribe(w.ctx, tx, billing.SubscribeRequest{OrganizationID: w.org, PlanCode: "scale"}); err != nil {
					return err
				}
				return fmt.Errorf("rolled back")
			}); err == nil || err.Error() != "rolled back" {
				t.Fatalf("rolled-back upgrade: %v", err)
			}
			if n := len(w.invoices()); n != 1 {
				t.Fatalf("%d invoices after a rolled-back upgrade", n)
			}
			// Upgrade on 20 November: 11 of 30 days left. Credit 9000*11/30 =
			// 3300, charge 6000*11/30 = 2200: net -1100, a credit note.
			w.clock.Set(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
			w.ev.take()
			res, err := w.subscribe("scale")
			if err != nil {
				t.Fatal(err)
			}
			if res.Proration.CreditMinor != 3300 || res.Proration.ChargeMinor != 2200 {
				t.Fatalf("proration %+v", res.Proration)
			}
			sameEvents(t, w.ev.take(), "subscription.terminated", "subscription.created", "invoice.finalized", "invoice.paid")
			invs = w.invoices()
			cn := invs[len(invs)-1]
			if cn.Kind != invoice.KindCreditNote || cn.TotalMinor != -1100 || cn.Status != invoice.StatusPaid ||
				cn.CreditedInvoiceID == nil || *cn.CreditedInvoiceID != fee.ID || *cn.Number != "INV-000002" ||
				*cn.SubscriptionID != res.Subscription.ID || fmt.Sprint(w.lines(cn)) != "map[credit:-3300 fee:2200]" {
				t.Fatalf("credit note: %+v lines %v", cn, w.lines(cn))
			}
			// The credited invoice is never edited.
			if got := w.client.Invoice.GetX(w.ctx, fee.ID); got.TotalMinor != 6150 || got.Status != invoice.StatusFinalized {
				t.Fatalf("credited invoice edited: %+v", got)
			}

			// Another organization's trial upgraded on its 3rd day: the first
			// paid period runs from now, invoiced at once; no proration.
			org2 := w.client.Organization.Create().SetName("Beta").SaveX(w.ctx)
			w.client.Project.Create().SetOrganizationID(org2.ID).SetName("Two").ExecX(w.ctx)
			sub := func(code string) (*billing.Result, error) {
				var res *billing.Result
				return res, w.do(func(tx *ent.Tx) error {
					var err error
					res, err = w.svc.Subscribe(w.ctx, tx, billing.SubscribeRequest{OrganizationID: org2.ID, PlanCode: code})
					return err
				})
			}
			if res, err := sub("basic"); err != nil || res.Subscription.Status != catalog.Trialing {
				t.Fatalf("trial: %v %v", res, err)
			}
			at := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
			w.clock.Set(at)
			res, err = sub("pro")
			if err != nil {
				t.Fatal(err)
			}
			if res.Proration != (billing.Proration{}) || !res.Subscription.CurrentPeriodStart.Equal(at) {
				t.Fatalf("trial upgrade: %+v from %v", res.Proration, res.Subscription.CurrentPeriodStart)
			}
			got := w.client.Invoice.Query().Where(invoice.OrganizationID(org2.ID)).AllX(w.ctx)
			// 9 of 30 days of 9000 = 2700.
			if len(got) != 1 || got[0].TotalMinor != 2700 || !got[0].PeriodStart.Equal(at) || *got[0].SubscriptionID != res.Subscription.ID {
				t.Fatalf("trial upgrade's invoice: %+v", got)
			}
			// Its period's close bills December ahead, and the first period
			// once only.
			w.clock.Set(time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC))
			w.run("close", w.svc.CloseDue, 2)
			got = w.client.Invoice.Query().Where(invoice.OrganizationID(org2.ID)).Order(ent.Asc(invoice.FieldCreatedAt)).AllX(w.ctx)
			if len(got) != 2 || got[1].TotalMinor != 9000 || !got[1].PeriodStart.Equal(at) {
				t.Fatalf("after the close: %+v", got)
			}
		})
	}
}

// TestBillingAuditNamesOrganization drives two organizations through trial
// end, period close, finalization, an unpaid due date and the grace period,
// and checks every audit record of the billing jobs names the organization of
// the row it records (the advance job's updates carried none).
func TestBillingAuditNamesOrganization(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			org2 := w.client.Organization.Create().SetName("Beta").SaveX(w.ctx)
			w.client.Project.Create().SetOrganizationID(org2.ID).SetName("Two").ExecX(w.ctx)
			for _, org := range []uuid.UUID{w.org, org2.ID} {
				if err := w.do(func(tx *ent.Tx) error {
					_, err := w.svc.Subscribe(w.ctx, tx, billing.SubscribeRequest{OrganizationID: org, PlanCode: "basic"})
					return err
				}); err != nil {
					t.Fatal(err)
				}
			}
			start := w.clock.Now()
			w.advance(start.AddDate(0, 0, 14)) // trials end: first invoices
			w.clock.Set(time.Date(2026, 12, 1, 0, 30, 0, 0, time.UTC))
			w.run("close", w.svc.CloseDue, 2) // periods close and renew
			w.advance(w.clock.Now())
			w.clock.Set(time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC))  // past the draft window
			w.run("finalize", w.svc.FinalizeDue, 2)                    // numbered
			w.clock.Set(time.Date(2026, 12, 15, 3, 0, 0, 0, time.UTC)) // first invoices due (14 days)
			if _, err := w.svc.MarkOverdue(w.ctx); err != nil {
				t.Fatal(err)
			}
			w.advance(time.Date(2026, 12, 19, 0, 0, 0, 0, time.UTC)) // grace over: unpaid

			orgOf := map[uuid.UUID]uuid.UUID{}
			for _, s := range w.client.Subscription.Query().AllX(w.ctx) {
				orgOf[s.ID] = s.OrganizationID
			}
			for _, i := range w.client.Invoice.Query().AllX(w.ctx) {
				orgOf[i.ID] = i.OrganizationID
			}
			for _, l := range w.client.InvoiceLine.Query().AllX(w.ctx) {
				orgOf[l.ID] = l.OrganizationID
			}
			projOrg := map[uuid.UUID]uuid.UUID{}
			for _, p := range w.client.Project.Query().AllX(w.ctx) {
				projOrg[p.ID] = p.OrganizationID
			}
			for _, e := range w.client.Event.Query().AllX(w.ctx) {
				orgOf[e.ID] = projOrg[e.ProjectID]
			}
			rows := w.client.AuditLog.Query().Where(auditlog.ActionHasPrefix("billing.")).AllX(w.ctx)
			actions := map[string]int{}
			for _, r := range rows {
				actions[r.Action]++
				want, ok := orgOf[*r.EntityID]
				if !ok {
					t.Fatalf("audit row of an unknown entity: %+v", r)
				}
				if r.OrganizationID == nil || *r.OrganizationID != want {
					t.Fatalf("audit row %s %s %s names organization %v, want %s", r.Action, r.EntityType, r.Operation, r.OrganizationID, want)
				}
			}
			for _, a := range []string{"billing.advance", "billing.close", "billing.finalize", "billing.overdue"} {
				if actions[a] == 0 {
					t.Fatalf("no %s audit rows: %v", a, actions)
				}
			}
			if n := w.client.Subscription.Query().Where(subscription.Status(catalog.Unpaid)).CountX(w.ctx); n != 2 {
				t.Fatalf("%d unpaid subscriptions, want 2 (%v)", n, strings.TrimSpace(fmt.Sprint(actions)))
			}
		})
	}
}
