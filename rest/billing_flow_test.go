package rest_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// billingContractCases are the plan and subscription rows: each needs plans the
// admin host created and a subscription's state, so TestBillingOverREST covers
// them end to end.
var billingContractCases = []contractCase{
	{method: "GET", path: "/plans", flow: true},
	{method: "GET", path: "/plans/{id}", flow: true},
	{method: "GET", path: "/organization/plans", flow: true},
	{method: "GET", path: "/organization/subscribe/plans/current", flow: true},
	{method: "GET", path: "/organization/subscribe/plans/{planCode}", flow: true},
	{method: "GET", path: "/organization/subscribe", flow: true},
	{method: "POST", path: "/organization/subscribe", flow: true},
	{method: "POST", path: "/organization/subscribe/cancel", flow: true},
}

func init() {
	contractCases = append(contractCases, billingContractCases...)
	for _, m := range []string{"GET", "POST"} {
		contractCases = append(contractCases, contractCase{host: "admin", method: m, path: "/plans", flow: true},
			contractCase{host: "admin", method: m, path: "/plans/{id}/metrics", flow: true})
	}
	for _, m := range []string{"GET", "PUT", "DELETE"} {
		contractCases = append(contractCases, contractCase{host: "admin", method: m, path: "/plans/{id}", flow: true},
			contractCase{host: "admin", method: m, path: "/plans/{id}/metrics/{metricId}", flow: true})
	}
}

// subscriptionKeys are the fields of docs/spec.md 2.2, every one.
var subscriptionKeys = []string{"billing_time", "canceled_at", "created_at", "downgrade_plan_date", "ending_at", "grace_period",
	"id", "name", "next_plan_code", "organization_id", "payment_gateway", "payment_method", "plan", "plan_code",
	"previous_plan_code", "started_at", "status", "subscribe_by", "subscription_at", "tax", "terminated_at", "trial_ended_at"}

// stamp is a set timestamp of the record: a numeric UTC offset, to the second.
var stamp = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$`)

const zeroStamp = "0001-01-01T00:00:00Z"

// record decodes a 2.2 record and checks it has exactly the spec's keys.
func record(t *testing.T, raw json.RawMessage) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("record %s: %v", raw, err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if strings.Join(keys, ",") != strings.Join(subscriptionKeys, ",") {
		t.Fatalf("record keys %v, want %v", keys, subscriptionKeys)
	}
	for _, k := range []string{"created_at", "started_at", "ending_at", "subscription_at", "canceled_at", "terminated_at", "downgrade_plan_date", "trial_ended_at"} {
		v, _ := m[k].(string)
		if v != zeroStamp && !stamp.MatchString(v) {
			t.Fatalf("%s = %q: neither the zero time nor a time with a numeric offset", k, v)
		}
	}
	return m
}

// TestBillingOverREST creates plans and metrics on the admin host, reads them
// publicly, subscribes, upgrades, downgrades and cancels over the /v1 rows, on
// both databases, checking the 4.3 record's exact shape, the billing grant,
// the refusals and the audit and event records.
func TestBillingOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		admin := http.Header{"X-Api-Key": {adminKey}}
		anon := w.s.Anonymous()
		w.s.CreateProject(w.orgID, "Docs") // events go to the organization's projects

		// The catalogue, on the admin host.
		var basic, pro, free, spare struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "basic", "name": "Basic", "currency": "EUR", "rank": 1, "base_amount_minor": 3000, "trial_days": 14, "grace_period_days": 3, "tax_code": "VAT"}`, admin), &basic)
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "pro", "name": "Pro", "currency": "EUR", "rank": 2, "base_amount_minor": 9000, "family": "basic"}`, admin), &pro)
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "free", "name": "Free", "currency": "EUR", "family": "basic"}`, admin), &free)
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "spare", "name": "Spare", "currency": "EUR", "visibility": "private"}`, admin), &spare)
		callREST(t, anon, 409, "POST", "/v1/admin/plans", `{"code": "pro", "name": "Again", "currency": "EUR"}`, admin)
		callREST(t, anon, 422, "POST", "/v1/admin/plans", `{"code": "current", "name": "X", "currency": "EUR"}`, admin)
		callREST(t, anon, 422, "POST", "/v1/admin/plans", `{"code": "x", "name": "X", "currency": "eur"}`, admin)
		callREST(t, anon, 400, "POST", "/v1/admin/plans", `{"code": "x", "nope": 1}`, admin)
		callREST(t, anon, 200, "PUT", "/v1/admin/plans/"+pro.ID, `{"description": "For teams"}`, admin)
		var metric struct {
			ID        string
			HardLimit *int64 `json:"hard_limit"`
			Tiers     []map[string]int64
		}
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans/"+pro.ID+"/metrics",
			`{"metric": "delivered_bytes", "included": 1000, "hard_limit": 5000, "model": "graduated", "tiers": [{"up_to": 2000, "unit_price_micro": 10}, {"up_to": 0, "unit_price_micro": 5, "flat_minor": 1}]}`, admin), &metric)
		if metric.HardLimit == nil || *metric.HardLimit != 5000 || len(metric.Tiers) != 2 || metric.Tiers[1]["flat_minor"] != 1 {
			t.Fatalf("metric: %+v", metric)
		}
		callREST(t, anon, 409, "POST", "/v1/admin/plans/"+pro.ID+"/metrics", `{"metric": "delivered_bytes"}`, admin)
		callREST(t, anon, 422, "POST", "/v1/admin/plans/"+pro.ID+"/metrics", `{"metric": "watts"}`, admin)
		callREST(t, anon, 422, "POST", "/v1/admin/plans/"+pro.ID+"/metrics", `{"metric": "delivered_seconds", "model": "volume", "tiers": [{"up_to": 0, "unit_price_micro": 1}, {"up_to": 5, "unit_price_micro": 1}]}`, admin)
		callREST(t, anon, 200, "PUT", "/v1/admin/plans/"+pro.ID+"/metrics/"+metric.ID, `{"no_hard_limit": true}`, admin)
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/admin/plans/"+pro.ID+"/metrics/"+metric.ID, "", admin), &metric)
		if metric.HardLimit != nil {
			t.Fatalf("hard limit not removed: %+v", metric)
		}
		var spareMetric struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans/"+spare.ID+"/metrics", `{"metric": "stored_byte_seconds", "model": "package", "package_size": 100, "unit_price_micro": 7}`, admin), &spareMetric)
		callREST(t, anon, 200, "DELETE", "/v1/admin/plans/"+spare.ID+"/metrics/"+spareMetric.ID, "", admin)
		callREST(t, anon, 404, "GET", "/v1/admin/plans/"+spare.ID+"/metrics/"+spareMetric.ID, "", admin)
		var metrics []any
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/admin/plans/"+pro.ID+"/metrics", "", admin), &metrics)
		var all []any
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/admin/plans", "", admin), &all)
		if len(metrics) != 1 || len(all) != 4 {
			t.Fatalf("admin lists: %d metrics, %d plans", len(metrics), len(all))
		}
		callREST(t, anon, 200, "GET", "/v1/admin/plans/"+spare.ID, "", admin)

		// Public reads: the private plan is not listed nor shown.
		var public []struct{ Code string }
		decodeInto(t, callREST(t, anon, 200, "GET", "/v1/plans", ""), &public)
		if len(public) != 3 || public[0].Code != "free" || public[2].Code != "pro" {
			t.Fatalf("public plans: %+v", public)
		}
		callREST(t, anon, 200, "GET", "/v1/plans/"+pro.ID, "")
		callREST(t, anon, 404, "GET", "/v1/plans/"+spare.ID, "")

		// No subscription yet: the empty record, every timestamp zero.
		rec := record(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe/plans/current", ""))
		if rec["status"] != "" || rec["started_at"] != zeroStamp || rec["organization_id"] != w.orgID {
			t.Fatalf("record before subscribing: %v", rec)
		}
		var offer struct {
			Change string
			Trial  bool
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe/plans/basic", ""), &offer)
		if offer.Change != "new" || !offer.Trial {
			t.Fatalf("offer: %+v", offer)
		}
		callREST(t, w.s, 404, "GET", "/v1/organization/subscribe/plans/nope", "")

		// The billing grant: a member without it is refused; a read key reads
		// but cannot subscribe; the refusals change nothing.
		member := w.join("m@example.test", "member", "")
		callREST(t, member, 403, "GET", "/v1/organization/subscribe/plans/current", "")
		readKey := keyHeader(w.apiKey(`"{\"billing.read\": true}"`))
		record(t, callREST(t, anon, 200, "GET", "/v1/organization/subscribe/plans/current", "", readKey))
		before := stateOf(t, w.s)
		callREST(t, anon, 403, "POST", "/v1/organization/subscribe", `{"plan_code": "basic"}`, readKey)
		callREST(t, member, 403, "POST", "/v1/organization/subscribe", `{"plan_code": "basic"}`)
		callREST(t, w.s, 422, "POST", "/v1/organization/subscribe", `{"plan_code": "basic", "billing_time": "weekly"}`)
		callREST(t, w.s, 404, "POST", "/v1/organization/subscribe/cancel", `{}`)
		if after := stateOf(t, w.s); after != before {
			t.Fatalf("refused requests changed the database: %s", stateDiff(before, after))
		}

		// Subscribe: a trial of basic.
		var res struct {
			Change       string
			Subscription json.RawMessage
			Next         json.RawMessage
		}
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "basic", "payment_method": "card", "payment_gateway": "manual"}`), &res)
		sub := record(t, res.Subscription)
		if res.Change != "new" || sub["status"] != "trialing" || sub["plan_code"] != "basic" || sub["tax"] != "VAT" ||
			sub["grace_period"] != float64(3) || sub["payment_gateway"] != "manual" || sub["subscribe_by"] == "" || sub["plan"] != "public" {
			t.Fatalf("subscribed: %s %v", res.Change, sub)
		}
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe", `{"plan_code": "basic"}`)
		rec = record(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe/plans/current", ""))
		if rec["id"] != sub["id"] || !stamp.MatchString(rec["started_at"].(string)) || rec["canceled_at"] != zeroStamp {
			t.Fatalf("current: %v", rec)
		}

		// Upgrade to pro (same family: the trial ends), then downgrade to free.
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "pro"}`), &res)
		sub = record(t, res.Subscription)
		if res.Change != "upgrade" || sub["plan_code"] != "pro" || sub["previous_plan_code"] != "basic" || sub["status"] != "active" {
			t.Fatalf("upgrade: %s %v", res.Change, sub)
		}
		decodeInto(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "free"}`), &res)
		sub = record(t, res.Subscription)
		next := record(t, res.Next)
		if res.Change != "downgrade" || sub["next_plan_code"] != "free" || sub["downgrade_plan_date"] == zeroStamp || next["status"] != "pending" {
			t.Fatalf("downgrade: %s %v next %v", res.Change, sub, next)
		}
		var details struct {
			Subscription json.RawMessage
			Plan         struct{ Code string }
			Next         json.RawMessage
			Usage        []any
			Blocked      *string `json:"blocked_reason"`
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/subscribe", ""), &details)
		if record(t, details.Subscription)["plan_code"] != "pro" || details.Plan.Code != "pro" || record(t, details.Next)["plan_code"] != "free" || details.Blocked != nil {
			t.Fatalf("details: %+v", details)
		}
		var account []struct{ Code string }
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/plans", ""), &account)
		if len(account) != 3 {
			t.Fatalf("account plans: %+v", account)
		}

		// Cancel at the period's end: still active, the downgrade dropped.
		rec = record(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/cancel", `{"at_period_end": true}`))
		if rec["status"] != "active" || rec["canceled_at"] == zeroStamp || rec["ending_at"] == zeroStamp || rec["next_plan_code"] != "" {
			t.Fatalf("canceled at period end: %v", rec)
		}
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe/cancel", `{"at_period_end": true}`)
		rec = record(t, callREST(t, w.s, 200, "POST", "/v1/organization/subscribe/cancel", `{}`))
		if rec["status"] != "terminated" || rec["terminated_at"] == zeroStamp {
			t.Fatalf("canceled now: %v", rec)
		}

		// Deleting plans: one in use is archived, an unused one deleted.
		var del struct{ Archived, Deleted bool }
		decodeInto(t, callREST(t, anon, 200, "DELETE", "/v1/admin/plans/"+pro.ID, "", admin), &del)
		if !del.Archived || del.Deleted {
			t.Fatalf("delete in use: %+v", del)
		}
		callREST(t, w.s, 409, "POST", "/v1/organization/subscribe", `{"plan_code": "pro"}`)
		decodeInto(t, callREST(t, anon, 200, "DELETE", "/v1/admin/plans/"+spare.ID, "", admin), &del)
		if del.Archived || !del.Deleted {
			t.Fatalf("delete unused: %+v", del)
		}
		callREST(t, anon, 404, "GET", "/v1/admin/plans/"+spare.ID, "", admin)

		// Every change is audited; the subscription events were recorded.
		if n := w.s.SQLInt(`SELECT count(*) FROM audit_logs WHERE action IN ('subscribe', 'cancelSubscription') AND entity_type = 'Subscription'`); n < 6 {
			t.Errorf("%d subscription audit records", n)
		}
		if n := w.s.SQLInt(`SELECT count(*) FROM audit_logs WHERE action LIKE 'admin%Plan%'`); n < 8 {
			t.Errorf("%d plan audit records", n)
		}
		if n := w.s.SQLInt(`SELECT count(*) FROM events WHERE type LIKE 'subscription.%'`); n < 6 {
			t.Errorf("%d subscription events", n)
		}
	})
}
