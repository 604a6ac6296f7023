package rest_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestConcurrentOverUsagePaymentsChargeOnce sends 8 over-usage payments of
// the same 16 encoded seconds at once over HTTP, the organization's card saved
// at the fake Stripe, and checks that exactly one answers 200 and the others
// 409 and that one over_usage invoice more exists; three rounds, then the
// gateway has charged each invoice once (3 x 16). Both databases.
func TestConcurrentOverUsagePaymentsChargeOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w, fake, admin := stripeWorld(t, d, "200ms")
			anon := w.s.Anonymous()
			var plan struct{ ID string }
			decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "encoded", "name": "Encoded", "currency": "EUR"}`, admin), &plan)
			callREST(t, anon, 200, "POST", "/v1/admin/plans/"+plan.ID+"/metrics",
				`{"metric": "encoded_output_seconds", "model": "standard", "unit_price_micro": 1000000}`, admin)
			callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "encoded"}`)
			var cs struct{ ID string }
			decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/checkout-session", ``), &cs)
			if err := fake.CompleteCheckout(cs.ID, "visa", "4242"); err != nil {
				t.Fatal(err)
			}
			if err := fake.Deliver(w.s.URL+"/v1/billing/webhooks/stripe", fake.TakeEvents(), 3); err != nil {
				t.Fatal(err)
			}

			ctx := apptest.System()
			projID := w.s.App.DB.Client.Project.Query().FirstIDX(ctx)
			// Three rounds, each with 16 more encoded seconds to pay.
			const rounds = 3
			for round := 1; round <= rounds; round++ {
				w.s.App.DB.Client.UsageRecord.Create().SetOrganizationID(uuid.MustParse(w.orgID)).SetProjectID(projID).
					SetMetric(usagerecord.MetricEncodedOutputSeconds).SetAt(time.Now().UTC()).
					SetSourceKey(fmt.Sprintf("test:encoded:%d", round)).SetQuantity(16_000).ExecX(ctx)
				const n = 8
				statuses := make([]int, n)
				answers := make([]apptest.Envelope, n)
				start := make(chan struct{})
				var wg sync.WaitGroup
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						statuses[i], answers[i] = w.s.REST("POST", "/v1/organization/subscribe/over-usage-payment", "")
					}()
				}
				close(start)
				wg.Wait()
				ok, conflict := 0, 0
				for _, st := range statuses {
					switch st {
					case 200:
						ok++
					case 409:
						conflict++
					}
				}
				if ok != 1 || conflict != n-1 {
					t.Fatalf("round %d: statuses %v: want one 200 and %d 409 (%+v)", round, statuses, n-1, answers)
				}
				if got := w.s.SQLInt(`SELECT count(*) FROM invoices WHERE kind = 'over_usage'`); got != round {
					t.Fatalf("round %d: %d over-usage invoices, want %d", round, got, round)
				}
			}
			if !poll.Within(20*time.Second, func() bool {
				return w.s.SQLInt(`SELECT count(*) FROM invoices WHERE kind = 'over_usage' AND status = 'paid'`) == rounds
			}) {
				t.Fatal("the over-usage invoices were not charged")
			}
			if charges, sum := fake.Charges(); charges != rounds || sum != 16*rounds {
				t.Fatalf("the gateway charged %d times for %d, want %d times for 16 each", charges, sum, rounds)
			}
		})
	}
}
