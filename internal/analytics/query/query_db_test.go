package query_test

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
)

// world is a project with known views: folder F (subfolder F2), videos V1 in
// F, V2 in F2, V3 in none; and another project with a view of its own.
type world struct {
	proj, other, f, f2, v1, v2, v3, vo uuid.UUID
	// alice and aliceOther are alice's first view in proj and her view in other.
	alice, aliceOther uuid.UUID
}

var (
	rangeStart = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	rangeEnd   = rangeStart.Add(6 * time.Hour)
)

func ms(n int64) *int64 { return &n }

func seedWorld(s *apptest.Server) world {
	org := s.CreateOrganization("Acme")
	p := s.CreateProject(org, "Docs")
	f := s.CreateFolder(p, "", "F")
	f2 := s.CreateFolder(p, f, "F2")
	o := s.CreateProject(org, "Other")
	w := world{proj: uuid.MustParse(p), other: uuid.MustParse(o), f: uuid.MustParse(f), f2: uuid.MustParse(f2),
		v1: uuid.MustParse(s.CreateVideo(p, f, "V1")), v2: uuid.MustParse(s.CreateVideo(p, f2, "V2")),
		v3: uuid.MustParse(s.CreateVideo(p, "", "V3")), vo: uuid.MustParse(s.CreateVideo(o, "", "VO"))}
	at := func(h, m int) time.Time {
		return rangeStart.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	views := []apptest.AnalyticsView{
		{Project: w.proj, Video: w.v1, Folder: &w.f, User: "alice", Viewer: "k1", Country: "FR", Device: "desktop", Started: at(0, 10),
			StartupMs: ms(500), WatchedMs: 60000, RebufferMs: 1000, Completed: true, Verified: true},
		{Project: w.proj, Video: w.v1, Folder: &w.f, User: "alice", Viewer: "k1", Country: "FR", Device: "mobile", Started: at(1, 20),
			StartupMs: ms(700), WatchedMs: 30000},
		{Project: w.proj, Video: w.v2, Folder: &w.f2, User: "bob", Viewer: "k2", Country: "US", Device: "desktop", Started: at(1, 30),
			StartupMs: ms(300), WatchedMs: 120000, Errors: 2},
		{Project: w.proj, Video: w.v3, Viewer: "k3", Country: "DE", Started: at(3, 5)},
		{Project: w.proj, Video: w.v3, Viewer: "k2", Country: "US", Started: at(3, 50), FatalCode: "MEDIA_ERR_DECODE", Errors: 1},
		// Outside the range, and another project's.
		{Project: w.proj, Video: w.v1, Folder: &w.f, User: "alice", Viewer: "k1", Country: "FR", Started: at(7, 0), StartupMs: ms(1), WatchedMs: 5000},
		{Project: w.other, Video: w.vo, User: "alice", Viewer: "k9", Country: "FR", Started: at(0, 30), StartupMs: ms(100), WatchedMs: 999000},
	}
	ids := make([]uuid.UUID, len(views))
	for i, v := range views {
		ids[i] = s.SeedView(v)
	}
	w.alice, w.aliceOther = ids[0], ids[6]
	s.SeedDelivery(w.proj, w.v1, at(0, 0), 1000, 120000)
	s.SeedDelivery(w.other, w.vo, at(0, 0), 5000, 600000)
	return w
}

// result is the GraphQL analytics result, as read in tests.
type result struct {
	Granularity *string
	Metrics     []struct {
		Name     string
		GroupBys []string
		Total    *float64
		Rows     []struct {
			Keys []struct {
				Dimension string
				Value     *string
			}
			Value *float64
		}
		Data []map[string]any
	}
}

const analyticsDoc = `query($p: ID!, $q: AnalyticsQueryInput!, $f: ID, $m: ID, $u: String) {
	analytics(projectId: $p, query: $q, folderId: $f, mediaId: $m, userId: $u) {
		granularity metrics { name groupBys total rows { keys { dimension value } value } data } } }`

func run(t *testing.T, s *apptest.Server, proj uuid.UUID, q map[string]any) *result {
	t.Helper()
	if q["startTime"] == nil {
		q["startTime"], q["endTime"] = rangeStart.Format(time.RFC3339), rangeEnd.Format(time.RFC3339)
	}
	var out struct{ Analytics *result }
	s.MustGraphQL(analyticsDoc, map[string]any{"p": proj, "q": q}, &out)
	return out.Analytics
}

func metrics(names ...string) []any {
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = map[string]any{"name": n}
	}
	return out
}

func near(a *float64, b float64) bool { return a != nil && math.Abs(*a-b) < 1e-9 }

func TestTotals(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		res := run(t, s, w.proj, map[string]any{"metrics": metrics("view_attempts", "views", "unique_viewers", "total_watch_time",
			"avg_watch_time", "avg_watch_time_per_viewer", "completion_rate", "total_media_error", "playback_failure_percentage",
			"video_startup_time", "rebuffer_percentage", "exits_before_video_start", "delivered_minutes", "bytes_served")})
		want := []float64{5, 3, 3, 210, 70, 70, 1.0 / 3, 3, 20, 500, 100.0 * 1000 / 211000, 1, 2, 1000}
		if res == nil || len(res.Metrics) != len(want) {
			t.Fatalf("result %+v", res)
		}
		for i, m := range res.Metrics {
			if !near(m.Total, want[i]) {
				t.Errorf("%s total = %v, want %v", m.Name, deref(m.Total), want[i])
			}
			if len(m.Rows) != 0 {
				t.Errorf("%s: rows without group-bys: %+v", m.Name, m.Rows)
			}
		}
		if res.Granularity != nil {
			t.Errorf("granularity = %v, want null", *res.Granularity)
		}
		// The other project sees only its own view and delivery.
		res = run(t, s, w.other, map[string]any{"metrics": metrics("total_watch_time", "view_attempts", "bytes_served")})
		if !near(res.Metrics[0].Total, 999) || !near(res.Metrics[1].Total, 1) || !near(res.Metrics[2].Total, 5000) {
			t.Errorf("other project: %+v", res.Metrics)
		}
	})
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestBucketsAndNulls(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		res := run(t, s, w.proj, map[string]any{"groupBys": []any{"time_interval_hour"}, "metrics": metrics("views", "avg_watch_time")})
		if res.Granularity == nil || *res.Granularity != "time_interval_hour" {
			t.Fatalf("granularity %v", res.Granularity)
		}
		views, avg := res.Metrics[0], res.Metrics[1]
		wantViews := []float64{1, 2, 0, 0, 0, 0}
		wantAvg := []any{60.0, 75.0, nil, nil, nil, nil}
		if len(views.Rows) != 6 || len(avg.Rows) != 6 {
			t.Fatalf("rows: %d and %d, want 6 buckets each", len(views.Rows), len(avg.Rows))
		}
		for i := range wantViews {
			hour := rangeStart.Add(time.Duration(i) * time.Hour).Format(time.RFC3339)
			if k := views.Rows[i].Keys[0]; k.Dimension != "time_interval_hour" || *k.Value != hour {
				t.Errorf("bucket %d = %+v, want %s", i, k, hour)
			}
			if !near(views.Rows[i].Value, wantViews[i]) {
				t.Errorf("views at %s = %v, want %v", hour, deref(views.Rows[i].Value), wantViews[i])
			}
			if deref(avg.Rows[i].Value) != wantAvg[i] {
				t.Errorf("avg at %s = %v, want %v", hour, deref(avg.Rows[i].Value), wantAvg[i])
			}
			if views.Data[i]["time_interval_hour"] != hour || views.Data[i]["value"] != wantViews[i] {
				t.Errorf("data[%d] = %v", i, views.Data[i])
			}
		}
		// Nothing matched: the result is null.
		var out struct{ Analytics *result }
		s.MustGraphQL(analyticsDoc, map[string]any{"p": w.proj, "q": map[string]any{"startTime": "2026-01-01T00:00:00Z",
			"endTime": "2026-01-02T00:00:00Z", "groupBys": []any{"time_interval_hour"}, "metrics": metrics("views")}}, &out)
		if out.Analytics != nil {
			t.Errorf("empty range: %+v, want null", out.Analytics)
		}
	})
}

func TestFilters(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		total := func(q map[string]any) float64 {
			t.Helper()
			res := run(t, s, w.proj, q)
			if res == nil {
				return 0
			}
			return *res.Metrics[0].Total
		}
		filter := func(field, op string, values ...string) []any {
			vs := make([]any, len(values))
			for i, v := range values {
				vs[i] = v
			}
			return []any{map[string]any{"field": field, "operator": op, "values": vs}}
		}
		cases := []struct {
			name string
			q    map[string]any
			want float64
		}{
			{"country in", map[string]any{"filters": filter("country", "equal", "FR", "DE"), "metrics": metrics("view_attempts")}, 3},
			{"country not", map[string]any{"filters": filter("country", "not_equal", "FR"), "metrics": metrics("view_attempts")}, 3},
			{"contains any case", map[string]any{"filters": filter("country", "contains", "u"), "metrics": metrics("view_attempts")}, 2},
			{"user gt", map[string]any{"filters": filter("user_id", "gt", "alice"), "metrics": metrics("view_attempts")}, 1},
			{"folder and subfolders", map[string]any{"filters": filter("folder_id", "equal", w.f.String()), "metrics": metrics("total_watch_time")}, 210},
			{"subfolder", map[string]any{"filters": filter("folder_id", "equal", w.f2.String()), "metrics": metrics("total_watch_time")}, 120},
			{"not in folder", map[string]any{"filters": filter("folder_id", "not_equal", w.f.String()), "metrics": metrics("view_attempts")}, 2},
			{"media", map[string]any{"filters": filter("media_id", "equal", w.v1.String(), w.v2.String()), "metrics": metrics("views")}, 3},
			{"verified", map[string]any{"filters": filter("verified", "equal", "true"), "metrics": metrics("view_attempts")}, 1},
			{"error code", map[string]any{"filters": filter("error_code", "equal", "MEDIA_ERR_DECODE"), "metrics": metrics("total_media_error")}, 1},
			{"other project's video", map[string]any{"filters": filter("media_id", "equal", w.vo.String()), "metrics": metrics("view_attempts")}, 0},
			{"delivery by folder", map[string]any{"filters": filter("folder_id", "equal", w.f.String()), "metrics": metrics("bytes_served")}, 1000},
		}
		for _, c := range cases {
			if got := total(c.q); got != c.want {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
		// Per-metric filters and group-bys.
		res := run(t, s, w.proj, map[string]any{"filters": filter("device_type", "not_equal", "mobile"), "metrics": []any{
			map[string]any{"name": "views"},
			map[string]any{"name": "views", "filters": filter("country", "equal", "US")},
			map[string]any{"name": "view_attempts", "groupBys": []any{"country"}},
			map[string]any{"name": "view_attempts", "groupBys": []any{"folder_id"}},
		}})
		if !near(res.Metrics[0].Total, 2) || !near(res.Metrics[1].Total, 1) {
			t.Errorf("views %v, US views %v; want 2 and 1", deref(res.Metrics[0].Total), deref(res.Metrics[1].Total))
		}
		got := map[string]float64{}
		for _, r := range res.Metrics[2].Rows {
			got[*r.Keys[0].Value] = *r.Value
		}
		if len(got) != 3 || got["DE"] != 1 || got["FR"] != 1 || got["US"] != 2 {
			t.Errorf("attempts by country: %v", got)
		}
		byFolder := res.Metrics[3].Rows
		if len(byFolder) != 3 || byFolder[0].Keys[0].Value != nil || *byFolder[0].Value != 2 {
			t.Errorf("attempts by folder (no folder first): %+v", byFolder)
		}
	})
}

func TestScopeAndRights(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		q := map[string]any{"startTime": rangeStart.Format(time.RFC3339), "endTime": rangeEnd.Format(time.RFC3339), "metrics": metrics("view_attempts")}
		vars := func(extra map[string]any) map[string]any {
			v := map[string]any{"p": w.proj, "q": q}
			for k, x := range extra {
				v[k] = x
			}
			return v
		}
		if code := s.ErrorCode(analyticsDoc, vars(map[string]any{"f": uuid.New()})); code != "NOT_FOUND" {
			t.Errorf("unknown folder: %s", code)
		}
		if code := s.ErrorCode(analyticsDoc, vars(map[string]any{"m": w.vo})); code != "NOT_FOUND" {
			t.Errorf("another project's video: %s", code)
		}
		if code := s.ErrorCode(analyticsDoc, vars(map[string]any{"p": uuid.New()})); code != "NOT_FOUND" {
			t.Errorf("unknown project: %s", code)
		}
		bad := map[string]any{"startTime": rangeStart.Format(time.RFC3339), "endTime": rangeStart.AddDate(2, 0, 0).Format(time.RFC3339), "metrics": metrics("views")}
		if code := s.ErrorCode(analyticsDoc, map[string]any{"p": w.proj, "q": bad}); code != "BAD_REQUEST" {
			t.Errorf("two-year range: %s", code)
		}
		var out struct{ Analytics *result }
		s.MustGraphQL(analyticsDoc, vars(map[string]any{"f": w.f2, "u": "bob"}), &out)
		if !near(out.Analytics.Metrics[0].Total, 1) {
			t.Errorf("folder F2 and user bob: %+v", out.Analytics)
		}
		// REST: the 4.4 row with the user as text, and the 4.5 dataset.
		path := "/v1/projects/" + w.proj.String() + "/users/alice/analytics/total-watch?start_time=" +
			rangeStart.Format(time.RFC3339) + "&end_time=" + rangeEnd.Format(time.RFC3339)
		status, env := s.REST("GET", path, "")
		var r struct {
			Granularity string
			Metrics     []struct {
				Name  string
				Total float64
				Data  []map[string]any
			}
		}
		if status != http.StatusOK || json.Unmarshal(env.Result, &r) != nil || r.Granularity != "time_interval_hour" ||
			r.Metrics[0].Total != 90 || len(r.Metrics[0].Data) != 6 || r.Metrics[0].Data[1]["value"] != 30.0 {
			t.Errorf("total-watch: %d %s", status, env.Result)
		}
		status, env = s.REST("GET", "/v1/projects/"+w.proj.String()+"/users/alice/analytics/likes", "")
		if status != http.StatusNotFound {
			t.Errorf("unknown analytics type: %d %+v", status, env)
		}
		body := `{"start_time": "` + rangeStart.Format(time.RFC3339) + `", "end_time": "` + rangeEnd.Format(time.RFC3339) +
			`", "filters": [{"field": "media_id", "operator": "equal", "values": ["` + w.v3.String() + `"]}],` +
			` "group_bys": ["time_interval_hour"], "metrics": [{"name": "total_media_error", "filters": [], "group_bys": []}]}`
		status, env = s.REST("POST", "/report/v1/"+w.proj.String()+"/dataset", body)
		if status != http.StatusOK || json.Unmarshal(env.Result, &r) != nil || r.Metrics[0].Total != 1 || r.Metrics[0].Data[3]["value"] != 1.0 {
			t.Errorf("dataset: %d %s", status, env.Result)
		}
		body = `{"start_time": "2026-01-01T00:00:00Z", "end_time": "2026-01-02T00:00:00Z", "metrics": [{"name": "total_media_error"}]}`
		if status, env = s.REST("POST", "/report/v1/"+w.proj.String()+"/dataset", body); status != http.StatusOK || string(env.Result) != "null" {
			t.Errorf("dataset with nothing matched: %d %s, want result null", status, env.Result)
		}
		body = `{"start_time": "2026-01-01T00:00:00Z", "end_time": "2026-01-03T00:00:00Z", "group_bys": ["time_interval_minute", "country"], "metrics": [{"name": "views"}]}`
		if status, env = s.REST("POST", "/report/v1/"+w.proj.String()+"/dataset", body); status != http.StatusBadRequest {
			t.Errorf("minutes over two days: %d %+v, want 400", status, env)
		}
	})
}

func TestListPages(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		s.SeedEvent(w.alice, 1, rangeStart.Add(10*time.Minute), "viewstart", 0, "")
		s.SeedEvent(w.alice, 2, rangeStart.Add(11*time.Minute), "error", 500, `{"code":"x"}`)
		s.SeedEvent(w.aliceOther, 1, rangeStart.Add(12*time.Minute), "viewstart", 0, "")
		vars := func(after any) map[string]any {
			return map[string]any{"p": w.proj, "s": rangeStart.Format(time.RFC3339), "e": rangeEnd.Format(time.RFC3339), "a": after}
		}
		type page struct {
			Edges []struct {
				Cursor string
				Node   map[string]any
			}
			PageInfo struct {
				HasNextPage bool
				EndCursor   *string
			}
		}
		var users struct{ AnalyticsUsers page }
		const usersDoc = `query($p: ID!, $s: Time, $e: Time, $a: String) { analyticsUsers(projectId: $p, startTime: $s, endTime: $e, first: 1, after: $a) {
			edges { cursor node { userId views totalWatchTime } } pageInfo { hasNextPage endCursor } } }`
		s.MustGraphQL(usersDoc, vars(nil), &users)
		if len(users.AnalyticsUsers.Edges) != 1 || users.AnalyticsUsers.Edges[0].Node["userId"] != "alice" ||
			users.AnalyticsUsers.Edges[0].Node["totalWatchTime"] != 90.0 || !users.AnalyticsUsers.PageInfo.HasNextPage {
			t.Fatalf("first users page: %+v", users)
		}
		s.MustGraphQL(usersDoc, vars(*users.AnalyticsUsers.PageInfo.EndCursor), &users)
		if len(users.AnalyticsUsers.Edges) != 1 || users.AnalyticsUsers.Edges[0].Node["userId"] != "bob" || users.AnalyticsUsers.PageInfo.HasNextPage {
			t.Fatalf("second users page: %+v", users)
		}
		var sessions struct{ AnalyticsSessions page }
		const sessionsDoc = `query($p: ID!, $s: Time, $e: Time, $a: String) { analyticsSessions(projectId: $p, userId: "alice", startTime: $s, endTime: $e, first: 1, after: $a) {
			edges { cursor node { mediaId startedAt watchTime startupTime completed } } pageInfo { hasNextPage endCursor } } }`
		s.MustGraphQL(sessionsDoc, vars(nil), &sessions)
		if len(sessions.AnalyticsSessions.Edges) != 1 || sessions.AnalyticsSessions.Edges[0].Node["watchTime"] != 30.0 || !sessions.AnalyticsSessions.PageInfo.HasNextPage {
			t.Fatalf("first sessions page (newest first): %+v", sessions)
		}
		s.MustGraphQL(sessionsDoc, vars(*sessions.AnalyticsSessions.PageInfo.EndCursor), &sessions)
		if n := sessions.AnalyticsSessions.Edges; len(n) != 1 || n[0].Node["watchTime"] != 60.0 || n[0].Node["completed"] != true ||
			n[0].Node["startupTime"] != 500.0 || sessions.AnalyticsSessions.PageInfo.HasNextPage {
			t.Fatalf("second sessions page: %+v", sessions)
		}
		var log struct{ AnalyticsPlayerLog page }
		const logDoc = `query($p: ID!, $s: Time, $e: Time, $a: String) { analyticsPlayerLog(projectId: $p, userId: "alice", startTime: $s, endTime: $e, first: 5, after: $a) {
			edges { cursor node { type playhead detail } } pageInfo { hasNextPage endCursor } } }`
		s.MustGraphQL(logDoc, vars(nil), &log)
		if e := log.AnalyticsPlayerLog.Edges; len(e) != 2 || e[0].Node["type"] != "viewstart" || e[1].Node["detail"] != `{"code":"x"}` ||
			log.AnalyticsPlayerLog.PageInfo.HasNextPage {
			t.Fatalf("player log (the other project's event left out): %+v", log)
		}
		// One event a page: the cursor continues after the first.
		logPage := strings.Replace(logDoc, "first: 5", "first: 1", 1)
		var first, second struct{ AnalyticsPlayerLog page }
		s.MustGraphQL(logPage, vars(nil), &first)
		if e := first.AnalyticsPlayerLog.Edges; len(e) != 1 || e[0].Node["type"] != "viewstart" || !first.AnalyticsPlayerLog.PageInfo.HasNextPage {
			t.Fatalf("first player log page: %+v", first)
		}
		s.MustGraphQL(logPage, vars(*first.AnalyticsPlayerLog.PageInfo.EndCursor), &second)
		if e := second.AnalyticsPlayerLog.Edges; len(e) != 1 || e[0].Node["detail"] != `{"code":"x"}` || second.AnalyticsPlayerLog.PageInfo.HasNextPage {
			t.Fatalf("second player log page: %+v", second)
		}
		if code := s.ErrorCode(logDoc, vars("garbage")); code != "BAD_REQUEST" {
			t.Errorf("bad cursor: %s", code)
		}
	})
}

// TestThroughIngest sends beacons through POST /collect/v1 (the ingest path) and
// reads the figures back: two viewers with known watch time, startup and a fatal
// error.
func TestThroughIngest(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		p := s.CreateProject(org, "Docs")
		v := s.CreateVideo(p, "", "Clip")
		t0 := time.Now().Add(-2 * time.Hour).Truncate(time.Hour).Add(5 * time.Minute)
		send := func(view, user string, events string) {
			t.Helper()
			body := `{"v": 1, "view_id": "` + view + `", "session_id": "s-` + view[:8] + `", "video_id": "` + v + `", "user_id": "` + user + `", "events": [` + events + `]}`
			// The beacon is no REST row (its own handler), so it is sent as a browser would.
			req, _ := http.NewRequest(http.MethodPost, s.URL+"/collect/v1/"+p+"/events", strings.NewReader(body))
			req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
			res, err := s.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if res.StatusCode != http.StatusNoContent {
				t.Fatalf("beacon: %d %s", res.StatusCode, raw)
			}
		}
		ev := func(seq int, e string, atMs, pt int64, extra string) string {
			return `{"seq": ` + itoa(int64(seq)) + `, "e": "` + e + `", "t": ` + itoa(t0.UnixMilli()+atMs) + `, "pt": ` + itoa(pt) + extra + `}`
		}
		// Viewer 1: starts after 500 ms, plays 20 s (heartbeat at 10 s), pauses.
		send(uuid.NewString(), "alice", ev(0, "viewstart", 0, 0, "")+", "+ev(1, "playing", 500, 0, "")+", "+
			ev(2, "heartbeat", 10500, 10000, "")+", "+ev(3, "pause", 20500, 20000, "")+", "+ev(4, "viewend", 21000, 20000, ""))
		// Viewer 2: a fatal error before the first frame.
		send(uuid.NewString(), "bob", ev(0, "viewstart", 0, 0, "")+", "+ev(1, "error", 1000, 0, `, "code": "MEDIA_ERR_DECODE", "fatal": true`))
		q := map[string]any{"startTime": t0.Add(-time.Hour).Format(time.RFC3339), "endTime": time.Now().Add(time.Hour).Format(time.RFC3339),
			"metrics": metrics("view_attempts", "views", "total_watch_time", "video_startup_time", "playback_failure_percentage", "total_media_error")}
		var res *result
		poll.Every(100*time.Millisecond, 10*time.Second, func() bool {
			res = run(t, s, uuid.MustParse(p), q)
			return res != nil && near(res.Metrics[0].Total, 2)
		})
		want := []float64{2, 1, 20, 500, 50, 1}
		if res == nil {
			t.Fatal("nothing arrived through the ingest path")
		}
		for i, m := range res.Metrics {
			if !near(m.Total, want[i]) {
				t.Errorf("%s = %v, want %v", m.Name, deref(m.Total), want[i])
			}
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
