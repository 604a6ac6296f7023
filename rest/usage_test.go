package rest_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/usage"
)

// TestUsageRowsReadTheMeteredFigures meters a project's delivery, storage and
// encoding through package usage and reads them back over REST: exact figures
// in the rows' units, the same traffic in the admin listing (4.10), and the
// grants: project usage for billing read or analytics read on the project,
// over-usage for billing read only.
func TestUsageRowsReadTheMeteredFigures(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		proj := w.s.CreateProject(w.orgID, "Docs")
		pid, org := uuidOf(t, proj), uuidOf(t, w.orgID)
		ctx := tenancy.SystemContext(context.Background(), "test fixture: usage rows")
		client := w.s.App.DB.Client
		now := time.Now().UTC()
		hour := now.Truncate(time.Hour)
		m := usage.NewMeter(client, nil)
		m.Add(pid, now, 123_456, 4_000)
		m.Add(pid, now, 544, 2_500)
		if err := m.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if err := usage.Store(ctx, client, usage.Object{Organization: org, Project: pid, Key: "videos/x/source", Bytes: 1000, VideoSeconds: 12.5, At: hour}); err != nil {
			t.Fatal(err)
		}
		if err := usage.Record(ctx, client, usage.Fact{Organization: org, Project: pid, Metric: usage.EncodedOutputSeconds,
			At: hour, Quantity: 30_400, SourceKey: usage.EncodeKey(uuid.New())}); err != nil {
			t.Fatal(err)
		}
		if err := usage.Record(ctx, client, usage.Fact{Organization: org, Project: pid, Metric: usage.CaptionCPUSeconds,
			At: hour, Quantity: 21_180, SourceKey: usage.CaptionKey(uuid.New())}); err != nil {
			t.Fatal(err)
		}
		from := hour.Format(time.RFC3339)
		to := hour.Add(time.Hour).Format(time.RFC3339)
		q := "?start_time=" + from + "&end_time=" + to

		var bw struct {
			Granularity string
			Bytes       int64
			Seconds     float64
			Points      []struct {
				Time    time.Time
				Bytes   int64
				Seconds float64
			}
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/projects/"+proj+"/usage/bandwidth"+q+"&granularity=hour", ""), &bw)
		if bw.Bytes != 124_000 || bw.Seconds != 6.5 || len(bw.Points) != 1 || !bw.Points[0].Time.Equal(hour) || bw.Points[0].Bytes != 124_000 {
			t.Errorf("bandwidth = %+v", bw)
		}
		var metrics []struct {
			Name, Unit string
			Quantity   int64
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/projects/"+proj+"/metrics"+q, ""), &metrics)
		want := map[string]int64{"delivered_bytes": 124_000, "delivered_seconds": 7, "stored_byte_seconds": 3_600_000,
			"stored_video_seconds": 45_000, "encoded_output_seconds": 30, "live_input_seconds": 0, "caption_cpu_seconds": 21}
		units := map[string]string{"delivered_bytes": "bytes", "stored_byte_seconds": "byte_seconds", "stored_video_seconds": "video_second_seconds"}
		for _, mt := range metrics {
			if mt.Quantity != want[mt.Name] {
				t.Errorf("%s = %d, want %d", mt.Name, mt.Quantity, want[mt.Name])
			}
			if u := units[mt.Name]; u != "" && mt.Unit != u {
				t.Errorf("%s unit %s, want %s", mt.Name, mt.Unit, u)
			}
		}
		if len(metrics) != 7 {
			t.Errorf("metrics = %+v", metrics)
		}
		var st struct {
			CurrentBytes int64   `json:"current_bytes"`
			ByteSeconds  int64   `json:"byte_seconds"`
			AverageBytes float64 `json:"average_bytes"`
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/projects/"+proj+"/usage/storage"+q, ""), &st)
		if st.CurrentBytes != 1000 || st.ByteSeconds != 3_600_000 || st.AverageBytes != 1000 {
			t.Errorf("storage = %+v", st)
		}
		var over struct {
			HasPlan  bool `json:"has_plan"`
			OverUsed bool `json:"over_used"`
			Metrics  []struct {
				Name     string
				Used     int64
				Included *int64
			}
		}
		decodeInto(t, callREST(t, w.s, 200, "GET", "/v1/organization/usage/over-usage"+q, ""), &over)
		if over.HasPlan || over.OverUsed || len(over.Metrics) != 7 || over.Metrics[0].Used != 124_000 || over.Metrics[0].Included != nil {
			t.Errorf("over usage = %+v", over)
		}
		callREST(t, w.s, 422, "GET", "/v1/projects/"+proj+"/usage/bandwidth"+q+"&granularity=week", "")
		callREST(t, w.s, 422, "GET", "/v1/projects/"+proj+"/metrics?start_time="+to+"&end_time="+from, "")

		// The admin listing reads the same figures (this month so far).
		status, env := w.s.Anonymous().REST("GET", "/v1/admin/organizations", "", http.Header{"X-Api-Key": {adminKey}})
		var data []struct {
			Name    string
			Traffic float64
			Storage float64
		}
		decodeInto(t, env.Keys["data"], &data)
		found := false
		for _, o := range data {
			if o.Name == "Acme" {
				found = true
				if o.Traffic != 124_000 || o.Storage <= 0 || o.Storage > 1000 {
					t.Errorf("admin listing of Acme = %+v", o)
				}
			}
		}
		if status != 200 || !found {
			t.Errorf("admin listing: %d %s", status, env.Keys["data"])
		}

		// Grants.
		billing := w.join("billing@example.test", "member", `[{"entity_id": "`+w.orgID+`", "entity_type": "organizations", "name": "billing", "action": "read", "permission": []}]`)
		analyst := w.join("analyst@example.test", "member", `[{"entity_id": "`+proj+`", "entity_type": "projects", "name": "custom", "action": "", "permission": [{"name": "analytics", "action": "read"}]}]`)
		plain := w.join("plain@example.test", "member", `[{"entity_id": "`+proj+`", "entity_type": "projects", "name": "custom", "action": "", "permission": [{"name": "folders", "action": "read"}]}]`)
		callREST(t, billing, 200, "GET", "/v1/projects/"+proj+"/metrics"+q, "")
		callREST(t, billing, 200, "GET", "/v1/organization/usage/over-usage"+q, "")
		callREST(t, analyst, 200, "GET", "/v1/projects/"+proj+"/usage/bandwidth"+q, "")
		callREST(t, analyst, 403, "GET", "/v1/organization/usage/over-usage"+q, "")
		callREST(t, plain, 403, "GET", "/v1/projects/"+proj+"/usage/storage"+q, "")
		callREST(t, plain, 403, "GET", "/v1/organization/usage/over-usage"+q, "")
	})
}
