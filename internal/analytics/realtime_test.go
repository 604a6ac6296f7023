package analytics_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// concurrentQuery reads the realtime figure of a project, or of one video.
const concurrentQuery = `query($p: ID!, $v: ID) { concurrentViewers(projectID: $p, videoID: $v) { count asOf windowSeconds } }`

// concurrentViewers is the answer of concurrentQuery.
type concurrentViewers struct {
	Count         int
	AsOf          time.Time
	WindowSeconds int
}

// TestConcurrentViewers: scripted viewers over real HTTP, 3 playing (two on
// video A, one on B), 1 that ended, 1 whose latest beacon arrived longer ago
// than the window, and 1 that reached its end and replayed: concurrent viewers
// are 4 (3 + the replay), per video and per group-by; the figure is refused
// without the analytics grant.
func TestConcurrentViewers(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		project := s.CreateProject(org, "Live")
		a := s.CreateVideo(project, "", "A")
		b := s.CreateVideo(project, "", "B")
		now := time.Now().UnixMilli()
		playing := func(t0 int64) []ev {
			return []ev{{0, "viewstart", t0 - 21_000, 0, "", false}, {1, "playing", t0 - 20_500, 0, "", false},
				{2, "heartbeat", t0 - 10_500, 10_000, "", false}, {3, "heartbeat", t0 - 500, 20_000, "", false}}
		}
		send := func(video, view string, events []ev) {
			t.Helper()
			if st, _, body := post(t, s, project, beacon{V: 1, ViewID: view, SessionID: view, VideoID: video, Events: events}, nil); st != http.StatusNoContent {
				t.Fatalf("beacon of %s: %d %s", view, st, body)
			}
		}
		stale := uuid.NewString()
		send(a, uuid.NewString(), playing(now))
		send(a, uuid.NewString(), playing(now))
		send(b, uuid.NewString(), playing(now))
		send(a, uuid.NewString(), append(playing(now), ev{4, "ended", now - 100, 20_000, "", false}))
		closed := uuid.NewString()
		send(b, closed, append(playing(now), ev{4, "viewend", now - 100, 20_000, "", false}))
		send(b, stale, playing(now-60_000))
		replay := uuid.NewString()
		send(b, replay, append(playing(now), ev{4, "ended", now - 400, 20_000, "", false}))
		s.FlushAnalytics()
		// Played on after the end (seek back, play): the view is open again.
		send(b, replay, []ev{{5, "seeking", now - 300, 0, "", false}, {6, "seeked", now - 250, 0, "", false}, {7, "playing", now - 200, 0, "", false}})
		s.FlushAnalytics()
		// The stale viewer's beacons arrived a minute ago: its write time says so.
		if _, err := s.App.DB.SQL.Exec(`UPDATE analytics_views SET updated_at = updated_at - 60 WHERE id = `+placeholder(s), stale); err != nil {
			t.Fatal(err)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ? AND closed = ?`, project, true); n != 2 {
			t.Fatalf("%d closed views, want 2 (ended, viewend; the replay reopened)", n)
		}

		check := func(video any, want int) {
			t.Helper()
			var out struct{ ConcurrentViewers concurrentViewers }
			s.MustGraphQL(concurrentQuery, map[string]any{"p": project, "v": video}, &out)
			got := out.ConcurrentViewers
			if got.Count != want || got.WindowSeconds != 30 {
				t.Fatalf("concurrentViewers(video %v) = %+v, want count %d, window 30", video, got, want)
			}
			if age := time.Since(got.AsOf); age < -2*time.Second || age > 15*time.Second {
				t.Fatalf("asOf %v is %v old", got.AsOf, age)
			}
		}
		check(nil, 4)
		check(a, 2)
		check(b, 2)

		// The metric of the query model, grouped by video and by device.
		var res struct {
			Analytics struct {
				Metrics []struct {
					Total *float64
					Data  []map[string]any
				}
			}
		}
		s.MustGraphQL(`query($p: ID!) { analytics(projectId: $p, query: {metrics: [
			{name: concurrent_viewers, groupBys: [media_id]}, {name: concurrent_viewers, groupBys: [device_type]}]}) {
			metrics { total data } } }`, map[string]any{"p": project}, &res)
		m := res.Analytics.Metrics
		if len(m) != 2 || m[0].Total == nil || *m[0].Total != 4 {
			t.Fatalf("analytics concurrent_viewers = %s", mustJSON(m))
		}
		byVideo := map[string]float64{}
		for _, row := range m[0].Data {
			byVideo[row["media_id"].(string)] = row["value"].(float64)
		}
		if len(byVideo) != 2 || byVideo[a] != 2 || byVideo[b] != 2 {
			t.Fatalf("concurrent viewers by video = %v, want %s: 2, %s: 2", byVideo, a, b)
		}
		if len(m[1].Data) != 1 || m[1].Data[0]["device_type"] != "desktop" || m[1].Data[0]["value"] != 4.0 {
			t.Fatalf("concurrent viewers by device = %s", mustJSON(m[1].Data))
		}
		if code := s.ErrorCode(`query($p: ID!) { analytics(projectId: $p, query: {metrics: [{name: concurrent_viewers, groupBys: [time_interval_hour]}]}) { endTime } }`,
			map[string]any{"p": project}); code != "BAD_REQUEST" {
			t.Fatalf("concurrent viewers by hour: %q, want BAD_REQUEST", code)
		}
		// Later, with no beacon since, nobody plays.
		n, err := query.Concurrent(t.Context(), s.App.DB.SQL, uuid.MustParse(project), nil, time.Now().Add(query.ConcurrentWindow+2*time.Second))
		if err != nil || n != 0 {
			t.Fatalf("concurrent viewers a window later = %d, %v; want 0", n, err)
		}

		// The REST row.
		status, env := s.REST("GET", "/v1/projects/"+project+"/analytics/concurrent-viewers?video_id="+a, "")
		var rest concurrentViewers
		if status != http.StatusOK || json.Unmarshal(env.Result, &rest) != nil || rest.Count != 2 {
			t.Fatalf("REST concurrent viewers: %d %s", status, env.Result)
		}

		// The analytics grant is needed: a key without it is refused, one with it reads.
		anon := s.Anonymous()
		refused := http.Header{"X-Api-Key": {s.CreateAPIKey(`"{\"projects.read\": true, \"folders.read\": true}"`)}}
		if code := anon.ErrorCode(concurrentQuery, map[string]any{"p": project}, refused); code != "FORBIDDEN" {
			t.Fatalf("key without the analytics grant: %q, want FORBIDDEN", code)
		}
		if status, _ := anon.REST("GET", "/v1/projects/"+project+"/analytics/concurrent-viewers", "", refused); status != http.StatusForbidden {
			t.Fatalf("REST with a key without the analytics grant: %d, want 403", status)
		}
		granted := http.Header{"X-Api-Key": {s.CreateAPIKey(`"{\"projects.read\": true, \"analytics.read\": true}"`)}}
		var out struct{ ConcurrentViewers concurrentViewers }
		if r := anon.GraphQL(concurrentQuery, map[string]any{"p": project}, granted); len(r.Errors) > 0 ||
			json.Unmarshal(r.Data, &out) != nil || out.ConcurrentViewers.Count != 4 {
			t.Fatalf("key with the analytics grant: %s %v", r.Data, r.Errors)
		}
		if code := s.ErrorCode(concurrentQuery, map[string]any{"p": project, "v": uuid.NewString()}); code != "NOT_FOUND" {
			t.Fatalf("unknown video: %q, want NOT_FOUND", code)
		}
	})
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
