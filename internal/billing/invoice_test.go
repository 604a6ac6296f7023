package billing_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoiceline"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// meteredPlan is a plan that prices a metric with each model: a fee of 2500
// billed at the period's end and four priced metrics (see
// TestMonthOfUsagePricedByHand for the figures).
func (w *world) meteredPlan() *ent.Plan {
	p := w.client.Plan.Create().SetCode("metered").SetName("Metered").SetFamily("metered").SetRank(5).
		SetCurrency("EUR").SetBaseAmountMinor(2500).SetPayInAdvance(false).SetGracePeriodDays(3).SaveX(w.ctx)
	m := w.client.PlanMetric.Create().SetPlanID(p.ID)
	m.SetMetric(catalog.DeliveredBytes).SetIncluded(1_000_000_000).SetModel(catalog.Standard).SetUnitPriceMicro(2).ExecX(w.ctx)
	w.client.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.DeliveredSeconds).SetModel(catalog.Graduated).
		SetTiers([]catalog.Tier{{UpTo: 100, UnitPriceMicro: 500_000}, {UpTo: 0, UnitPriceMicro: 250_000, FlatMinor: 100}}).ExecX(w.ctx)
	w.client.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.EncodedOutputSeconds).SetModel(catalog.Volume).SetIncluded(10).
		SetTiers([]catalog.Tier{{UpTo: 60, UnitPriceMicro: 2_000_000}, {UpTo: 0, UnitPriceMicro: 1_500_000}}).ExecX(w.ctx)
	w.client.PlanMetric.Create().SetPlanID(p.ID).SetMetric(catalog.LiveInputSeconds).SetModel(catalog.Package).
		SetPackageSize(60).SetUnitPriceMicro(1_000_000).ExecX(w.ctx)
	return p
}

// hourly adds delivered usage of the world's project in the hour of at.
func (w *world) hourly(metric string, at time.Time, q int64) {
	proj := w.client.Project.Query().FirstX(w.ctx)
	w.client.UsageHourly.Create().SetOrganizationID(w.org).SetProjectID(proj.ID).
		SetMetric(usageMetric(metric)).SetHour(at.Truncate(time.Hour)).SetQuantity(q).ExecX(w.ctx)
}

// record adds a usage fact of the world's project.
func (w *world) record(metric string, at time.Time, q int64) {
	proj := w.client.Project.Query().FirstX(w.ctx)
	w.client.UsageRecord.Create().SetOrganizationID(w.org).SetProjectID(proj.ID).SetMetric(recordMetric(metric)).
		SetAt(at).SetQuantity(q).SetSourceKey(uuid.NewString()).ExecX(w.ctx)
}

func (w *world) lines(inv *ent.Invoice) map[string]int64 {
	out := map[string]int64{}
	for _, l := range w.client.InvoiceLine.Query().Where(invoiceline.InvoiceID(inv.ID)).AllX(w.ctx) {
		key := l.Metric
		if key == "" {
			key = "fee"
			if l.AmountMinor < 0 {
				key = "credit"
			}
		}
		out[key] = l.AmountMinor
	}
	return out
}

func (w *world) run(name string, f func(context.Context) (int, error), want int) {
	w.t.Helper()
	n, err := f(w.ctx)
	if err != nil {
		w.t.Fatalf("%s: %v", name, err)
	}
	if n != want {
		w.t.Fatalf("%s: %d, want %d", name, n, want)
	}
}

// TestMonthOfUsagePricedByHand subscribes to a plan with every pricing model,
// meters a month of usage (plus usage just outside the month), closes the
// period, and checks each line against the figure worked out by hand; then the
// invoice goes through its draft window, finalization with a gapless number,
// its due date unpaid (past_due), grace (unpaid), partial and full manual
// payments (active again). Both databases, with the test's clock.
func TestMonthOfUsagePricedByHand(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.meteredPlan()
			nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			dec := nov.AddDate(0, 1, 0)
			w.clock.Set(nov)
			if _, err := w.subscribe("metered"); err != nil {
				t.Fatal(err)
			}
			w.ev.take()
			// Delivered bytes: 3,500,000,123 in November (plus 7 GB outside it):
			// 2,500,000,123 above the 1e9 included at 2 micro = 5,000,000,246
			// micro = 5000.000246 -> 5000.
			w.hourly(catalog.DeliveredBytes, nov, 1_000_000_000)
			w.hourly(catalog.DeliveredBytes, nov.Add(15*24*time.Hour+5*time.Hour), 2_000_000_000)
			w.hourly(catalog.DeliveredBytes, dec.Add(-time.Hour), 500_000_123)
			w.hourly(catalog.DeliveredBytes, dec, 7_000_000_000)
			w.hourly(catalog.DeliveredBytes, nov.Add(-time.Hour), 7_000_000_000)
			// Delivered seconds (kept in ms): 250 s, graduated: 100 at 0.5 = 50,
			// 150 at 0.25 = 37.5, flat 100 on reaching tier 2 -> 187.5 -> 188.
			w.hourly(catalog.DeliveredSeconds, nov.Add(48*time.Hour), 200_000)
			w.hourly(catalog.DeliveredSeconds, nov.Add(72*time.Hour), 50_000)
			// Encoded seconds: 100 s, 10 included, volume: 90 falls in tier 2
			// (> 60) so all 90 at 1.5 = 135.
			w.record(catalog.EncodedOutputSeconds, nov.Add(3*time.Hour), 60_000)
			w.record(catalog.EncodedOutputSeconds, nov.Add(20*24*time.Hour), 40_000)
			w.record(catalog.EncodedOutputSeconds, dec.Add(time.Minute), 999_000)
			// Live input: 121 s, packages of 60 at 1 each: 3 packages -> 3.
			w.record(catalog.LiveInputSeconds, nov.Add(10*24*time.Hour), 121_000)

			// The period closes after it ended: one draft, the period renewed.
			w.clock.Set(dec.Add(30 * time.Minute))
			w.run("close", w.svc.CloseDue, 1)
			w.run("close again", w.svc.CloseDue, 0)
			w.run("advance", w.svc.Advance, 0)
			inv := w.client.Invoice.Query().OnlyX(w.ctx)
			if inv.Status != invoice.StatusDraft || inv.Number != nil || inv.Kind != invoice.KindSubscription ||
				!inv.PeriodStart.Equal(nov) || !inv.PeriodEnd.Equal(dec) || inv.Currency != "EUR" {
				t.Fatalf("draft: %+v", inv)
			}
			got := w.lines(inv)
			want := map[string]int64{"fee": 2500, catalog.DeliveredBytes: 5000, catalog.DeliveredSeconds: 188,
				catalog.EncodedOutputSeconds: 135, catalog.LiveInputSeconds: 3}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("lines %v, want %v", got, want)
			}
			if inv.SubtotalMinor != 7826 || inv.TotalMinor != 7826 || inv.TaxMinor != 0 {
				t.Fatalf("totals %d %d %d, want 7826", inv.SubtotalMinor, inv.TaxMinor, inv.TotalMinor)
			}
			if cur := w.current(); !cur.CurrentPeriodStart.Equal(dec) || !cur.CurrentPeriodEnd.Equal(dec.AddDate(0, 1, 0)) {
				t.Fatalf("period not renewed: %v %v", cur.CurrentPeriodStart, cur.CurrentPeriodEnd)
			}

			// Audited: the invoice created and the subscription's period advanced.
			if n := w.client.AuditLog.Query().Where(auditlog.Action("billing.close"), auditlog.OrganizationID(w.org)).CountX(w.ctx); n != 2 {
				t.Fatalf("%d billing.close audit records, want 2", n)
			}

			// The draft window (1 h) holds it; then it is numbered and due in 14 days.
			w.run("finalize in window", w.svc.FinalizeDue, 0)
			w.clock.Set(dec.Add(90 * time.Minute))
			w.run("finalize", w.svc.FinalizeDue, 1)
			w.run("finalize again", w.svc.FinalizeDue, 0)
			inv = w.client.Invoice.GetX(w.ctx, inv.ID)
			if inv.Status != invoice.StatusFinalized || inv.Number == nil || *inv.Number != "INV-000001" ||
				!inv.DueAt.Equal(dec.Add(90*time.Minute).AddDate(0, 0, 14)) {
				t.Fatalf("finalized: %s %v %v", inv.Status, inv.Number, inv.DueAt)
			}
			sameEvents(t, w.ev.take(), "invoice.finalized")
			if n := w.client.AuditLog.Query().Where(auditlog.Action("billing.finalize"), auditlog.EntityID(inv.ID)).CountX(w.ctx); n != 1 {
				t.Fatalf("%d billing.finalize audit records, want 1", n)
			}

			// Unpaid at the due date: past_due; after 3 days of grace: unpaid.
			w.clock.Set(inv.DueAt.Add(-time.Minute))
			w.run("overdue early", w.svc.MarkOverdue, 0)
			w.clock.Set(inv.DueAt.Add(time.Minute))
			w.run("overdue", w.svc.MarkOverdue, 1)
			w.run("overdue again", w.svc.MarkOverdue, 0)
			w.clock.Set(inv.DueAt.Add(3*24*time.Hour + time.Minute))
			w.run("advance", w.svc.Advance, 1)
			if s := w.current(); s.Status != catalog.Unpaid {
				t.Fatalf("after grace: %s", s.Status)
			}
			sameEvents(t, w.ev.take(), "invoice.payment_failed", "subscription.past_due", "subscription.unpaid")

			// Manual payments: refusals, a partial one (still unpaid), the same
			// reference again (no change), then the rest (paid, active).
			pay := func(amount int64, ref string) (*ent.Transaction, error) {
				var tr *ent.Transaction
				err := w.do(func(tx *ent.Tx) error {
					var err error
					tr, err = w.svc.RecordManualPayment(w.ctx, tx, billing.ManualPayment{InvoiceID: inv.ID, AmountMinor: amount, Reference: ref})
					return err
				})
				return tr, err
			}
			if _, err := pay(7827, "over"); kindOf(err) != billing.KindInvalidInput {
				t.Fatalf("overpayment: %v", err)
			}
			if _, err := pay(0, "zero"); kindOf(err) != billing.KindInvalidInput {
				t.Fatalf("zero payment: %v", err)
			}
			if _, err := pay(100, " "); kindOf(err) != billing.KindInvalidInput {
				t.Fatalf("no reference: %v", err)
			}
			first, err := pay(1000, "BANK-1")
			if err != nil {
				t.Fatal(err)
			}
			again, err := pay(1000, "BANK-1")
			if err != nil || again.ID != first.ID {
				t.Fatalf("same reference: %v %v", again, err)
			}
			if _, err := pay(500, "BANK-1"); kindOf(err) != billing.KindConflict {
				t.Fatalf("reference reused for another amount: %v", err)
			}
			if inv = w.client.Invoice.GetX(w.ctx, inv.ID); inv.AmountPaidMinor != 1000 || inv.Status != invoice.StatusFinalized {
				t.Fatalf("after partial payment: %d %s", inv.AmountPaidMinor, inv.Status)
			}
			if s := w.current(); s.Status != catalog.Unpaid {
				t.Fatalf("partly paid: %s", s.Status)
			}
			if _, err := pay(6826, "BANK-2"); err != nil {
				t.Fatal(err)
			}
			inv = w.client.Invoice.GetX(w.ctx, inv.ID)
			if inv.Status != invoice.StatusPaid || inv.AmountPaidMinor != 7826 || inv.PaidAt == nil {
				t.Fatalf("paid: %+v", inv)
			}
			if s := w.current(); s.Status != catalog.Active || s.UnpaidAt != nil {
				t.Fatalf("after payment: %s", s.Status)
			}
			sameEvents(t, w.ev.take(), "invoice.paid", "subscription.activated")
			if _, err := pay(1, "BANK-3"); kindOf(err) != billing.KindConflict {
				t.Fatalf("payment of a paid invoice: %v", err)
			}
			if n := w.client.Transaction.Query().CountX(w.ctx); n != 2 {
				t.Fatalf("%d transactions, want 2", n)
			}
		})
	}
}

// TestOverUsageAndGaplessNumbers invoices over-usage during a period (numbered
// at once), checks that the period's invoice credits it, and that numbers run
// on without a gap across invoices.
func TestOverUsageAndGaplessNumbers(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.meteredPlan()
			nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			dec := nov.AddDate(0, 1, 0)
			w.clock.Set(nov)
			if _, err := w.subscribe("metered"); err != nil {
				t.Fatal(err)
			}
			overUsage := func() (*ent.Invoice, error) {
				var inv *ent.Invoice
				err := w.do(func(tx *ent.Tx) error {
					var err error
					inv, err = w.svc.InvoiceOverUsage(w.ctx, tx, w.org)
					return err
				})
				return inv, err
			}
			w.clock.Set(nov.AddDate(0, 0, 10))
			if _, err := overUsage(); kindOf(err) != billing.KindConflict {
				t.Fatalf("nothing to pay: %v", err)
			}
			// 2e9 bytes by the 10th: 1e9 above the included at 2 micro = 2000.
			w.hourly(catalog.DeliveredBytes, nov.Add(time.Hour), 2_000_000_000)
			ou, err := overUsage()
			if err != nil {
				t.Fatal(err)
			}
			if ou.Status != invoice.StatusFinalized || ou.TotalMinor != 2000 || ou.Number == nil || *ou.Number != "INV-000001" {
				t.Fatalf("over-usage invoice: %s %d %v", ou.Status, ou.TotalMinor, ou.Number)
			}
			// 1e9 more by the 20th: the second over-usage invoice bills only the new 2000.
			w.hourly(catalog.DeliveredBytes, nov.AddDate(0, 0, 12), 1_000_000_000)
			w.clock.Set(nov.AddDate(0, 0, 20))
			ou2, err := overUsage()
			if err != nil {
				t.Fatal(err)
			}
			if ou2.TotalMinor != 2000 || *ou2.Number != "INV-000002" || w.lines(ou2)["credit"] != -2000 {
				t.Fatalf("second over-usage invoice: %d %v %v", ou2.TotalMinor, *ou2.Number, w.lines(ou2))
			}
			// The period's invoice: fee 2500 + bytes 4000 - 4000 invoiced already.
			w.clock.Set(dec.Add(2 * time.Hour))
			w.run("close", w.svc.CloseDue, 1)
			w.clock.Set(dec.Add(4 * time.Hour))
			w.run("finalize", w.svc.FinalizeDue, 1)
			inv := w.client.Invoice.Query().Where(invoice.KindEQ(invoice.KindSubscription)).OnlyX(w.ctx)
			if got := w.lines(inv); got["fee"] != 2500 || got[catalog.DeliveredBytes] != 4000 || got["credit"] != -4000 || inv.TotalMinor != 2500 {
				t.Fatalf("period invoice: %v total %d", got, inv.TotalMinor)
			}
			if *inv.Number != "INV-000003" {
				t.Fatalf("number %s, want INV-000003", *inv.Number)
			}

			// Credit notes, never edits: 500 of the 2500, then the rest voids it.
			credit := func(amount int64) (*ent.Invoice, error) {
				var cn *ent.Invoice
				err := w.do(func(tx *ent.Tx) error {
					var err error
					cn, err = w.svc.IssueCreditNote(w.ctx, tx, billing.CreditNote{InvoiceID: inv.ID, AmountMinor: amount, Reason: "goodwill"})
					return err
				})
				return cn, err
			}
			cn, err := credit(500)
			if err != nil {
				t.Fatal(err)
			}
			if cn.Kind != invoice.KindCreditNote || cn.TotalMinor != -500 || *cn.Number != "INV-000004" || *cn.CreditedInvoiceID != inv.ID {
				t.Fatalf("credit note: %+v", cn)
			}
			if got := w.client.Invoice.GetX(w.ctx, inv.ID); got.Status != invoice.StatusFinalized || got.TotalMinor != 2500 {
				t.Fatalf("credited invoice edited: %s %d", got.Status, got.TotalMinor)
			}
			if _, err := credit(2001); kindOf(err) != billing.KindInvalidInput {
				t.Fatalf("credit beyond the total: %v", err)
			}
			if cn, err = credit(2000); err != nil || *cn.Number != "INV-000005" {
				t.Fatalf("second credit note: %v %v", cn, err)
			}
			if got := w.client.Invoice.GetX(w.ctx, inv.ID); got.Status != invoice.StatusVoid || got.VoidedAt == nil || *got.Number != "INV-000003" {
				t.Fatalf("fully credited: %s %v", got.Status, got.Number)
			}
			if _, err := credit(1); kindOf(err) != billing.KindConflict {
				t.Fatalf("credit of a void invoice: %v", err)
			}
		})
	}
}

func usageMetric(m string) usagehourly.Metric  { return usagehourly.Metric(m) }
func recordMetric(m string) usagerecord.Metric { return usagerecord.Metric(m) }
