package stripe

import (
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/gatewayevent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/stripe/stripefake"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func stripefakeReversed(evs []stripefake.Event) []stripefake.Event { return stripefake.Reversed(evs) }

// TestInvoiceChargedOnce charges a finalized invoice to the saved card: one
// charge, the invoice paid, invoice.paid once; a second run, and the charge's
// webhooks delivered twice and in the reverse order, change nothing. Both
// databases.
func TestInvoiceChargedOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.subscribe()
			w.saveCard("4242")
			inv := w.periodInvoice()
			w.chargeDue(1)
			w.charges(1, 3000)
			got := w.invoice(inv.ID)
			if got.Status != invoice.StatusPaid || got.AmountPaidMinor != 3000 || w.ev.count("invoice.paid") != 1 {
				t.Fatalf("invoice %s paid %d, invoice.paid %d", got.Status, got.AmountPaidMinor, w.ev.count("invoice.paid"))
			}
			tr := w.client.Transaction.Query().OnlyX(w.ctx)
			if tr.Status != transaction.StatusSucceeded || tr.Gateway != transaction.GatewayStripe ||
				tr.IdempotencyKey != "stripe:invoice:"+inv.ID.String()+":attempt:1" || tr.GatewayRef == nil ||
				!strings.HasPrefix(*tr.GatewayRef, "pi_") || tr.AmountMinor != 3000 {
				t.Fatalf("transaction %+v", tr)
			}
			w.chargeDue(0)
			evs := w.fake.TakeEvents()
			w.deliver(append(append(stripefake.Reversed(evs), evs...), evs...))
			w.charges(1, 3000)
			if got := w.invoice(inv.ID); got.AmountPaidMinor != 3000 || w.ev.count("invoice.paid") != 1 {
				t.Fatalf("after webhooks: paid %d, invoice.paid %d", got.AmountPaidMinor, w.ev.count("invoice.paid"))
			}
			if n := w.client.Transaction.Query().CountX(w.ctx); n != 1 {
				t.Fatalf("transactions %d", n)
			}
		})
	}
}

// TestWebhooksOutOfOrder leaves a charge processing; once Stripe settles it,
// succeeded is delivered before created and processing, each twice, the
// first delivery failing (Stripe's API down) and retried: the invoice is paid
// once, whatever the order. Both databases.
func TestWebhooksOutOfOrder(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.subscribe()
			w.saveCard("4242")
			inv := w.periodInvoice()
			w.fake.Processing(true)
			w.chargeDue(1)
			tr := w.client.Transaction.Query().OnlyX(w.ctx)
			if tr.Status != transaction.StatusPending || tr.GatewayRef == nil {
				t.Fatalf("processing charge %+v", tr)
			}
			early := w.fake.TakeEvents() // created, processing
			if err := w.fake.Settle(*tr.GatewayRef); err != nil {
				t.Fatal(err)
			}
			late := w.fake.TakeEvents() // succeeded
			// Stripe's API is down when the first event arrives: the endpoint
			// answers 500 and records nothing, Stripe retries, it applies.
			w.fake.FailNext(2)
			w.deliver(append(append(append(late, early...), late...), stripefake.Reversed(early)...))
			if got := w.invoice(inv.ID); got.Status != invoice.StatusPaid || got.AmountPaidMinor != 3000 {
				t.Fatalf("invoice %s paid %d", got.Status, got.AmountPaidMinor)
			}
			if tr := w.client.Transaction.GetX(w.ctx, tr.ID); tr.Status != transaction.StatusSucceeded || w.ev.count("invoice.paid") != 1 {
				t.Fatalf("transaction %s, invoice.paid %d", tr.Status, w.ev.count("invoice.paid"))
			}
			w.charges(1, 3000)
			w.chargeDue(0)
			if n := w.client.GatewayEvent.Query().Where(gatewayevent.TypeHasPrefix("payment_intent.")).CountX(w.ctx); n != len(early)+len(late) {
				t.Fatalf("gateway events %d, want %d", n, len(early)+len(late))
			}
		})
	}
}

// TestCrashBetweenRowAndCall commits the transaction row and stops (a worker
// killed after its commit); a fresh gateway resumes it with the same key:
// one charge. Then a worker killed after Stripe answered, before it stored
// the answer: the retry's request is replayed by Stripe, still one charge;
// and once more with Stripe's webhooks arriving before the retry. Both
// databases.
func TestCrashBetweenRowAndCall(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.subscribe()
			w.saveCard("4242")
			inv := w.periodInvoice()
			tr, err := w.g.PrepareCharge(w.ctx, inv.ID)
			if err != nil || tr == nil || tr.Status != transaction.StatusPending {
				t.Fatalf("prepared %+v %v", tr, err)
			}
			if again, err := w.g.PrepareCharge(w.ctx, inv.ID); err != nil || again.ID != tr.ID {
				t.Fatalf("prepared twice: %+v %v", again, err)
			}
			w.charges(0, 0)
			fresh := w.gateway()
			if _, err := fresh.ChargeDue(w.ctx); err != nil {
				t.Fatal(err)
			}
			w.charges(1, 3000)
			if got := w.invoice(inv.ID); got.Status != invoice.StatusPaid {
				t.Fatalf("invoice %s", got.Status)
			}

			// Over-usage invoice: 2e9 bytes, 1e9 above the included at 2
			// micro = 2000. Its charge reaches Stripe, then the worker dies.
			w.clock.Set(nov.AddDate(0, 1, 5))
			proj := w.client.Project.Query().FirstX(w.ctx)
			w.client.UsageHourly.Create().SetOrganizationID(w.org).SetProjectID(proj.ID).SetMetric(usagehourly.Metric(catalog.DeliveredBytes)).
				SetHour(nov.AddDate(0, 1, 1)).SetQuantity(2_000_000_000).ExecX(w.ctx)
			var ou *ent.Invoice
			if err := w.do(func(tx *ent.Tx) error {
				ou, err = w.svc.InvoiceOverUsage(w.ctx, tx, w.org)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			tr, err = w.g.PrepareCharge(w.ctx, ou.ID)
			if err != nil || tr == nil {
				t.Fatalf("prepared %+v %v", tr, err)
			}
			if _, err := w.g.createIntent(w.ctx, tr, w.customer()); err != nil {
				t.Fatal(err)
			}
			w.charges(2, 5000)
			if err := w.client.Transaction.GetX(w.ctx, tr.ID); err.GatewayRef != nil {
				t.Fatal("the crashed worker stored its answer")
			}
			w.fake.TakeEvents() // Stripe's webhooks are late
			if _, err := w.gateway().ChargeDue(w.ctx); err != nil {
				t.Fatal(err)
			}
			w.charges(2, 5000)
			if w.fake.IntentsCreated() != 2 {
				t.Fatalf("payment intents %d", w.fake.IntentsCreated())
			}
			if got := w.invoice(ou.ID); got.Status != invoice.StatusPaid || got.AmountPaidMinor != 2000 {
				t.Fatalf("over-usage invoice %s paid %d", got.Status, got.AmountPaidMinor)
			}

			// Again, but Stripe's webhooks arrive before any retry: the
			// transaction is found by the id in the PaymentIntent's metadata
			// and settled; the retry then has nothing to charge.
			w.client.UsageHourly.Create().SetOrganizationID(w.org).SetProjectID(proj.ID).SetMetric(usagehourly.Metric(catalog.DeliveredBytes)).
				SetHour(nov.AddDate(0, 1, 2)).SetQuantity(1_000_000_000).ExecX(w.ctx)
			if err := w.do(func(tx *ent.Tx) error {
				ou, err = w.svc.InvoiceOverUsage(w.ctx, tx, w.org)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if tr, err = w.g.PrepareCharge(w.ctx, ou.ID); err != nil || tr == nil {
				t.Fatalf("prepared %+v %v", tr, err)
			}
			if _, err := w.g.createIntent(w.ctx, tr, w.customer()); err != nil {
				t.Fatal(err)
			}
			w.deliver(w.fake.TakeEvents())
			if got := w.client.Transaction.GetX(w.ctx, tr.ID); got.Status != transaction.StatusSucceeded || got.GatewayRef == nil {
				t.Fatalf("settled by the webhook: %+v", got)
			}
			w.chargeDue(0)
			w.charges(3, 7000)
			if got := w.invoice(ou.ID); got.Status != invoice.StatusPaid || got.TotalMinor != 2000 {
				t.Fatalf("third invoice %s total %d", got.Status, got.TotalMinor)
			}
		})
	}
}

// TestDeclineThroughDunning declines the card: the attempt fails, the invoice
// stays open, the payment_failed webhook changes nothing more, the due date
// makes the subscription past_due; no retry before RetryEvery; a retry after
// it succeeds and the subscription is active again. A new card gets fresh
// attempts once the old one's are spent. Both databases.
func TestDeclineThroughDunning(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			w.subscribe()
			w.saveCard("0002")
			inv := w.periodInvoice()
			w.fake.Decline("insufficient_funds")
			w.chargeDue(1)
			tr := w.client.Transaction.Query().OnlyX(w.ctx)
			if tr.Status != transaction.StatusFailed || !strings.Contains(tr.Error, "insufficient_funds") || tr.GatewayRef == nil {
				t.Fatalf("declined %+v", tr)
			}
			w.deliver(w.fake.TakeEvents())
			if got := w.invoice(inv.ID); got.Status != invoice.StatusFinalized || got.AmountPaidMinor != 0 {
				t.Fatalf("invoice %s", got.Status)
			}
			w.charges(0, 0)
			w.chargeDue(0) // RetryEvery (48 h) not elapsed

			// Due on 15 December: past_due.
			w.clock.Set(inv.DueAt.Add(time.Minute))
			if _, err := w.svc.MarkOverdue(w.ctx); err != nil {
				t.Fatal(err)
			}
			if s := w.sub(); s.Status != catalog.PastDue {
				t.Fatalf("after the due date %s", s.Status)
			}
			// Declined three more times (the attempts per card are 4), then spent.
			for i := 2; i <= 4; i++ {
				w.clock.Set(w.clock.Now().Add(49 * time.Hour))
				w.chargeDue(1)
			}
			w.clock.Set(w.clock.Now().Add(49 * time.Hour))
			w.chargeDue(0)
			if n := w.client.Transaction.Query().Where(transaction.StatusEQ(transaction.StatusFailed)).CountX(w.ctx); n != 4 {
				t.Fatalf("failed attempts %d", n)
			}
			// A new card: charged at once, paid, active.
			w.fake.Decline("")
			w.saveCard("4242")
			w.chargeDue(1)
			w.charges(1, 3000)
			if got := w.invoice(inv.ID); got.Status != invoice.StatusPaid {
				t.Fatalf("invoice %s", got.Status)
			}
			if s := w.sub(); s.Status != catalog.Active {
				t.Fatalf("after the payment %s", s.Status)
			}
			last := w.client.Transaction.Query().Where(transaction.StatusEQ(transaction.StatusSucceeded)).OnlyX(w.ctx)
			if last.IdempotencyKey != "stripe:invoice:"+inv.ID.String()+":attempt:5" {
				t.Fatalf("key %s", last.IdempotencyKey)
			}
		})
	}
}
