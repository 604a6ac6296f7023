package rest_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestNewCardIsChargedAtOnce subscribes to a plan whose fee is paid in
// advance (its first invoice finalized and owed at once), lets the periodic
// charge job (every hour here) run its first pass without a card, then saves
// a card through a completed checkout: the invoice must be charged and paid
// within seconds, by the job the new card enqueues, not at the next periodic
// run. Both databases, the fake Stripe on loopback.
func TestNewCardIsChargedAtOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w, fake, admin := stripeWorld(t, d, "1h")
			callREST(t, w.s.Anonymous(), 200, "POST", "/v1/admin/plans", `{"code": "paid", "name": "Paid", "currency": "EUR", "base_amount_minor": 1500}`, admin)
			callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "paid"}`)
			// The first period's share of the fee, finalized and owed at once.
			if n := w.s.SQLInt(`SELECT count(*) FROM invoices WHERE status = 'finalized' AND kind = 'subscription' AND total_minor > 0`); n != 1 {
				t.Fatalf("%d finalized first invoices, want 1", n)
			}
			owed := int64(w.s.SQLInt(`SELECT total_minor FROM invoices WHERE kind = 'subscription'`))
			// The periodic charge's first pass (at start) is over: without a
			// card it charged nothing, and the next is an hour away.
			if !poll.Within(30*time.Second, func() bool {
				return w.s.SQLInt(`SELECT count(*) FROM river_job WHERE kind = 'billing_stripe_charge_due' AND state = 'completed'`) >= 1
			}) {
				t.Fatal("the periodic charge job did not run at start")
			}

			var cs struct{ ID string }
			decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/checkout-session", ``), &cs)
			if err := fake.CompleteCheckout(cs.ID, "visa", "4242"); err != nil {
				t.Fatal(err)
			}
			if err := fake.Deliver(w.s.URL+"/v1/billing/webhooks/stripe", fake.TakeEvents(), 3); err != nil {
				t.Fatal(err)
			}
			if !poll.Within(15*time.Second, func() bool {
				return w.s.SQLInt(`SELECT count(*) FROM invoices WHERE status = 'paid' AND kind = 'subscription'`) == 1
			}) {
				t.Fatal("the first invoice was not charged within 15 s of the card being saved")
			}
			if n, sum := fake.Charges(); n != 1 || sum != owed {
				t.Fatalf("the gateway charged %d times for %d, want once for %d", n, sum, owed)
			}
		})
	}
}
