package rest_test

import (
	"net/http"
	"testing"
)

// TestCurrentAfterCancelIsTheTerminatedSubscription schedules a downgrade,
// cancels at the period's end (dropping the downgrade) and then now, and
// checks that GET /v1/organization/subscribe/plans/current answers the
// terminated subscription (the last that ended), not the dropped downgrade
// that never started. Both databases.
func TestCurrentAfterCancelIsTheTerminatedSubscription(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		admin := http.Header{"X-Api-Key": {adminKey}}
		anon := w.s.Anonymous()
		callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "small", "name": "Small", "currency": "EUR", "rank": 1}`, admin)
		callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "big", "name": "Big", "currency": "EUR", "rank": 2}`, admin)
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "big", "payment_gateway": "manual"}`)
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "small", "payment_gateway": "manual"}`)
		if rec := record(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe/plans/current", "")); rec["next_plan_code"] != "small" {
			t.Fatalf("downgrade not scheduled: %v", rec)
		}
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/cancel", `{"at_period_end": true}`)
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/cancel", `{}`)
		rec := record(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe/plans/current", ""))
		if rec["status"] != "terminated" || rec["plan_code"] != "big" || rec["started_at"] == zeroStamp || rec["terminated_at"] == zeroStamp {
			t.Fatalf("current after cancel: %v, want the terminated big subscription", rec)
		}
	})
}
