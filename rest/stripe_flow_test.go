package rest_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/billing/stripe/stripefake"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestStripeOverREST runs the server against the fake Stripe: checkout-session
// opens a hosted Checkout (billing write; an unknown plan 404, none without a
// subscription 422), the completed checkout's webhooks (twice, reversed) save
// the card, a bad signature is 400, and the over-usage payment's invoice is
// charged once by the charge job and paid; the changes are audited. Both
// databases.
func TestStripeOverREST(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w, fake, admin := stripeWorld(t, d, "200ms")
			anon := w.s.Anonymous()
			var plan struct{ ID string }
			decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "metered", "name": "Metered", "currency": "EUR", "base_amount_minor": 1000}`, admin), &plan)
			callREST(t, anon, 200, "POST", "/v1/admin/plans/"+plan.ID+"/metrics",
				`{"metric": "delivered_bytes", "included": 1000000, "model": "standard", "unit_price_micro": 3}`, admin)

			const checkout = "/v1/organization/subscribe/checkout-session"
			callREST(t, w.s, 422, "POST", checkout, `{}`)
			callREST(t, w.s, 404, "POST", checkout, `{"plan_code": "nope"}`)
			member := w.join("m@example.test", "member", "")
			callREST(t, member, 403, "POST", checkout, `{"plan_code": "metered"}`)
			readKey := keyHeader(w.apiKey(`"{\"billing.read\": true}"`))
			callREST(t, anon, 403, "POST", checkout, `{"plan_code": "metered"}`, readKey)
			if fake.Customers() != 0 {
				t.Fatalf("a refused checkout created %d customers", fake.Customers())
			}
			var cs struct{ ID, URL string }
			decodeInto(t, callREST(t, w.s, 200, "POST", checkout, `{"plan_code": "metered"}`), &cs)
			if !strings.HasPrefix(cs.ID, "cs_") || !strings.HasPrefix(cs.URL, fake.URL+"/checkout/") || fake.Customers() != 1 {
				t.Fatalf("checkout %+v, customers %d", cs, fake.Customers())
			}
			// The same operation over GraphQL: the same shape, the same customer.
			res := w.s.GraphQL(`mutation { createCheckoutSession(planCode: "metered") { id url } }`, nil)
			var gql struct{ CreateCheckoutSession struct{ ID, URL string } }
			if len(res.Errors) != 0 || json.Unmarshal(res.Data, &gql) != nil ||
				!strings.HasPrefix(gql.CreateCheckoutSession.ID, "cs_") || !strings.HasPrefix(gql.CreateCheckoutSession.URL, fake.URL) {
				t.Fatalf("GraphQL checkout: %s %+v", res.Data, res.Errors)
			}
			callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "metered"}`)
			decodeInto(t, callREST(t, w.s, 200, "POST", checkout, ``), &cs)
			if fake.Customers() != 1 {
				t.Fatalf("customers %d after a second checkout", fake.Customers())
			}

			// The customer pays on the hosted page; Stripe posts the events.
			if err := fake.CompleteCheckout(cs.ID, "visa", "4242"); err != nil {
				t.Fatal(err)
			}
			hook := w.s.URL + "/v1/billing/webhooks/stripe"
			evs := fake.TakeEvents()
			if err := fake.Deliver(hook, append(stripefake.Reversed(evs), evs...), 3); err != nil {
				t.Fatal(err)
			}
			if code, err := stripefake.Post(hook, evs[0].Body, stripefake.Sign(evs[0].Body, "whsec_wrong", time.Now())); err != nil || code != 400 {
				t.Fatalf("bad signature: %d %v", code, err)
			}
			if n := w.s.SQLInt(`SELECT count(*) FROM billing_customers WHERE card_last4 = '4242' AND payment_method_ref LIKE 'pm_%'`); n != 1 {
				t.Fatalf("%d saved cards", n)
			}

			// Over-usage: 2,000,000 bytes above the included at 3 micro = 6.
			ctx := apptest.System()
			projID := w.s.App.DB.Client.Project.Query().FirstIDX(ctx)
			w.s.App.DB.Client.UsageRecord.Create().SetOrganizationID(uuid.MustParse(w.orgID)).SetProjectID(projID).
				SetMetric(usagerecord.MetricDeliveredBytes).SetAt(time.Now().UTC()).SetSourceKey("test:bytes").
				SetQuantity(3_000_000).ExecX(ctx)
			var inv struct {
				ID         string
				TotalMinor int64 `json:"total_minor"`
			}
			decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/over-usage-payment", ""), &inv)
			deadline := time.Now().Add(20 * time.Second)
			if !poll.Every(100*time.Millisecond, time.Until(deadline), func() bool {
				return w.s.SQLInt(`SELECT count(*) FROM invoices WHERE status = 'paid' AND kind = 'over_usage'`) == 1
			}) {
				t.Fatal("the over-usage invoice was not charged")
			}
			// The subscription's first period (its fee in advance, invoiced at
			// subscribe) is charged to the saved card too: each invoice once.
			if !poll.Every(100*time.Millisecond, time.Until(deadline), func() bool {
				return w.s.SQLInt(`SELECT count(*) FROM invoices WHERE status = 'paid' AND kind = 'subscription'`) == 1
			}) {
				t.Fatal("the first period's invoice was not charged")
			}
			first := int64(w.s.SQLInt(`SELECT total_minor FROM invoices WHERE kind = 'subscription'`))
			if n, sum := fake.Charges(); n != 2 || sum != inv.TotalMinor+first || inv.TotalMinor != 6 || first <= 0 {
				t.Fatalf("charged %d times for %d, want twice for the over-usage invoice's %d and the first period's %d",
					n, sum, inv.TotalMinor, first)
			}
			var trs []struct {
				Gateway, Status string
				IdempotencyKey  string `json:"idempotency_key"`
			}
			decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/transactions", ""), &trs)
			overUsageCharged := 0
			for _, tr := range trs {
				if tr.Gateway != "stripe" || tr.Status != "succeeded" {
					t.Fatalf("transactions %+v", trs)
				}
				if tr.IdempotencyKey == "stripe:invoice:"+inv.ID+":attempt:1" {
					overUsageCharged++
				}
			}
			if len(trs) != 2 || overUsageCharged != 1 {
				t.Fatalf("transactions %+v, want two, one of them the over-usage invoice's first attempt", trs)
			}
			// Audited: the customer created by the checkout, the card saved by
			// the webhook, the charge.
			for _, q := range []string{
				`SELECT count(*) FROM audit_logs WHERE action = 'createCheckoutSession' AND entity_type = 'BillingCustomer'`,
				`SELECT count(*) FROM audit_logs WHERE action = 'billing.stripe.webhook' AND entity_type = 'BillingCustomer'`,
				`SELECT count(*) FROM audit_logs WHERE action = 'billing.stripe.charge' AND entity_type = 'Transaction'`,
			} {
				if n := w.s.SQLInt(q); n < 1 {
					t.Errorf("no audit record: %s", q)
				}
			}
		})
	}
}
