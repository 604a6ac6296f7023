package browsertest_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// studioAdminKey is the admin host's key of TestStudioAccountSettings's server.
const studioAdminKey = "studio-admin-key"

// TestStudioAccountSettings: the Profile, project Settings and Billing screens
// (browser/studio/scenarios/account-settings.mjs) on both databases: name,
// avatar and password changed, a second browser's session signed out, automatic
// captions, a playback rule, an advertisement and an encoding profile set, a
// plan subscribed to and upgraded with its invoices' PDFs; axe-core finds no
// serious violation on any of the three screens. The plans are made on the
// admin host, as an operator does: a new server has none.
func TestStudioAccountSettings(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		createStudioPlan(t, s, `{"code": "starter", "name": "Starter", "description": "For a first channel", "currency": "EUR", "rank": 1, "base_amount_minor": 900}`,
			`{"metric": "delivered_bytes", "included": 10000000000, "hard_limit": 50000000000, "model": "package", "package_size": 1000000000, "unit_price_micro": 5000000}`,
			`{"metric": "stored_video_seconds", "included": 36000, "hard_limit": 180000, "model": "standard", "unit_price_micro": 100}`)
		createStudioPlan(t, s, `{"code": "pro", "name": "Pro", "description": "For teams", "currency": "EUR", "rank": 2, "base_amount_minor": 4900}`,
			`{"metric": "delivered_bytes", "included": 100000000000, "hard_limit": 500000000000, "model": "package", "package_size": 1000000000, "unit_price_micro": 4000000}`,
			`{"metric": "stored_video_seconds", "included": 360000, "hard_limit": 1800000, "model": "standard", "unit_price_micro": 80}`)
		browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "account-settings", Shots: studioShots(t), Timeout: 4 * time.Minute,
		})
	}, apptest.Options{Env: map[string]string{"VIDRA_ADMIN_API_KEY": studioAdminKey}})
}

// createStudioPlan creates a plan and its metrics on the admin host (REST /v1/admin/plans).
func createStudioPlan(t *testing.T, s *apptest.Server, plan string, metrics ...string) {
	t.Helper()
	admin := http.Header{"X-Api-Key": {studioAdminKey}}
	anon := s.Anonymous()
	status, env := anon.REST("POST", "/v1/admin/plans", plan, admin)
	if status != http.StatusOK {
		t.Fatalf("create plan %s: %d %s", plan, status, env.Message)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(env.Result, &created); err != nil {
		t.Fatal(err)
	}
	for _, m := range metrics {
		if status, env := anon.REST("POST", "/v1/admin/plans/"+created.ID+"/metrics", m, admin); status != http.StatusOK {
			t.Fatalf("create metric %s: %d %s", m, status, env.Message)
		}
	}
}
