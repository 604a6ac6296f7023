package analytics_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// desktopUA is a real desktop browser's user agent.
const desktopUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

// ev is one beacon event.
type ev struct {
	Seq   int    `json:"seq"`
	E     string `json:"e"`
	T     int64  `json:"t"`
	Pt    int64  `json:"pt"`
	Code  string `json:"code,omitempty"`
	Fatal bool   `json:"fatal,omitempty"`
}

// beacon is a beacon body.
type beacon struct {
	V         int    `json:"v"`
	ViewID    string `json:"view_id"`
	SessionID string `json:"session_id"`
	VideoID   string `json:"video_id"`
	UserID    string `json:"user_id,omitempty"`
	Token     string `json:"token,omitempty"`
	Events    []ev   `json:"events"`
}

// post sends a beacon as the browser would, returning the status, headers and body.
func post(t *testing.T, s *apptest.Server, project string, body any, header http.Header) (int, http.Header, string) {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/collect/v1/"+project+"/events", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", desktopUA)
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b)
}

// viewRow reads the figures of a view.
type viewRow struct {
	watched, rebuffer, startup, maxPt int64
	rebuffers, errors                 int
	fatal, country, device, browser   string
	completed                         bool
	hour                              int64
}

func readView(t *testing.T, s *apptest.Server, id string) viewRow {
	t.Helper()
	var v viewRow
	q := `SELECT watched_ms, rebuffer_ms, COALESCE(startup_ms, -1), max_playhead_ms, rebuffer_count, error_count,
		fatal_error_code, country, device_type, browser, completed, hour FROM analytics_views WHERE id = ` + placeholder(s)
	if err := s.App.DB.SQL.QueryRow(q, id).Scan(&v.watched, &v.rebuffer, &v.startup, &v.maxPt, &v.rebuffers, &v.errors,
		&v.fatal, &v.country, &v.device, &v.browser, &v.completed, &v.hour); err != nil {
		t.Fatalf("read view %s: %v", id, err)
	}
	return v
}

func placeholder(s *apptest.Server) string {
	if s.App.DB.Dialect == "postgres" {
		return "$1"
	}
	return "?"
}

// script is a viewer with known totals: 0.5 s startup, 20 s played (with
// heartbeats), a 2 s rebuffer, a 5 s pause, 10 s played, ended.
func script(t0 int64) []ev {
	return []ev{
		{0, "viewstart", t0, 0, "", false},
		{1, "playing", t0 + 500, 0, "", false},
		{2, "heartbeat", t0 + 10_500, 10_000, "", false},
		{3, "rebufferstart", t0 + 15_500, 15_000, "", false},
		{4, "rebufferend", t0 + 17_500, 15_000, "", false},
		{5, "pause", t0 + 22_500, 20_000, "", false},
		{6, "playing", t0 + 27_500, 20_000, "", false},
		{7, "heartbeat", t0 + 37_500, 30_000, "", false},
		{8, "error", t0 + 37_600, 30_000, "NETWORK", false},
		{9, "ended", t0 + 37_600, 30_000, "", false},
	}
}

func TestCollectScriptedViewers(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := s.CreateProject(s.CreateOrganization("Acme"), "Analytics")
		video := s.CreateVideo(project, "", "Clip")
		if _, err := s.App.DB.SQL.Exec(`UPDATE videos SET duration = 30 WHERE id = `+placeholder(s), video); err != nil {
			t.Fatal(err)
		}
		t0 := time.Now().Add(-2 * time.Hour).Truncate(time.Hour).Add(10 * time.Minute).UnixMilli()
		view := uuid.NewString()
		events := script(t0)
		// Two batches, the second resent: nothing is counted twice.
		first := beacon{V: 1, ViewID: view, SessionID: "s1", VideoID: video, UserID: "u-1", Events: events[:5]}
		second := beacon{V: 1, ViewID: view, SessionID: "s1", VideoID: video, UserID: "u-1", Events: events[5:]}
		fr := http.Header{"X-Forwarded-For": {"81.2.69.142"}}
		for i, b := range []beacon{first, second, second, first} {
			if st, _, body := post(t, s, project, b, fr); st != http.StatusNoContent {
				t.Fatalf("batch %d: %d %s", i, st, body)
			}
			s.FlushAnalytics()
		}
		v := readView(t, s, view)
		want := viewRow{watched: 30_000, rebuffer: 2_000, startup: 500, maxPt: 30_000, rebuffers: 1, errors: 1,
			device: "desktop", browser: "Chrome", completed: true, hour: t0 / 1000 / 3600 * 3600}
		v.country = ""
		if v != want {
			t.Fatalf("view = %+v\nwant %+v", v, want)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_events e JOIN analytics_views v
			ON e.id >= v.ref * 1048576 AND e.id < (v.ref + 1) * 1048576 WHERE v.id = ?`, view); n != len(events) {
			t.Fatalf("%d events stored, want %d", n, len(events))
		}
		// The hour is rolled up (here, or already by the periodic job: the same totals).
		if _, err := analytics.Rollup(context.Background(), s.App.DB.SQL); err != nil {
			t.Fatal(err)
		}
		if n := s.SQLInt(`SELECT COALESCE(SUM(watched_ms), 0) FROM analytics_hourly WHERE project_id = ? AND bucket = ? AND views = 1`, project, want.hour); n != 30_000 {
			t.Fatalf("hourly watched_ms = %d, want 30000", n)
		}
	})
}

func TestCollectRefusals(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		project := s.CreateProject(org, "Mine")
		video := s.CreateVideo(project, "", "Clip")
		other := s.CreateProject(org, "Other")
		otherVideo := s.CreateVideo(other, "", "Theirs")
		now := time.Now().UnixMilli()
		ok := beacon{V: 1, ViewID: uuid.NewString(), VideoID: video, Events: []ev{{0, "viewstart", now, 0, "", false}}}
		cases := []struct {
			name    string
			project string
			body    any
			header  http.Header
			status  int
		}{
			{"other project's video", project, beacon{V: 1, ViewID: uuid.NewString(), VideoID: otherVideo, Events: ok.Events}, nil, 404},
			{"unknown project", uuid.NewString(), ok, nil, 404},
			{"malformed project", "nope", ok, nil, 400},
			{"bad json", project, []byte(`{"v":1,`), nil, 400},
			{"unknown event", project, beacon{V: 1, ViewID: uuid.NewString(), VideoID: video, Events: []ev{{0, "dance", now, 0, "", false}}}, nil, 400},
			{"no events", project, beacon{V: 1, ViewID: uuid.NewString(), VideoID: video}, nil, 400},
			{"too large", project, []byte(`{"v":1,"pad":"` + strings.Repeat("x", 70<<10) + `"}`), nil, 413},
			{"wrong content type", project, ok, http.Header{"Content-Type": {"application/xml"}}, 415},
			{"bad token", project, beacon{V: 1, ViewID: uuid.NewString(), VideoID: video, Token: "1.x", Events: ok.Events}, nil, 403},
		}
		for _, c := range cases {
			st, _, body := post(t, s, c.project, c.body, c.header)
			if st != c.status {
				t.Errorf("%s: status %d (%s), want %d", c.name, st, body, c.status)
			}
			if !strings.Contains(body, `"success":false`) {
				t.Errorf("%s: body %s is not the failure envelope", c.name, body)
			}
		}
		// A bot is answered 204, not stored, and counted.
		bot := beacon{V: 1, ViewID: uuid.NewString(), VideoID: video, Events: ok.Events}
		if st, _, body := post(t, s, project, bot, http.Header{"User-Agent": {"Googlebot/2.1 (+http://www.google.com/bot.html)"}}); st != 204 {
			t.Fatalf("bot: %d %s", st, body)
		}
		headless := strings.Replace(desktopUA, "Chrome/", "HeadlessChrome/", 1)
		if st, _, body := post(t, s, project, bot, http.Header{"User-Agent": {headless}}); st != 204 {
			t.Fatalf("headless: %d %s", st, body)
		}
		s.FlushAnalytics()
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, project); n != 0 {
			t.Fatalf("%d views stored from refused or dropped beacons", n)
		}
		for reason, want := range map[string]int{"bot_user_agent": 1, "headless": 1, "wrong_project": 1, "bad_event": 3} {
			if n := s.SQLInt(`SELECT COALESCE(SUM(count), 0) FROM analytics_drops WHERE project_id = ? AND reason = ?`, project, reason); n != want {
				t.Errorf("drops %s = %d, want %d", reason, n, want)
			}
		}
		// What was dropped is queryable: per reason (most first), and per hour.
		want := map[string]int{"bad_event": 3, "bot_user_agent": 1, "headless": 1, "wrong_project": 1}
		var out struct {
			Total, PerHour []struct {
				Reason string
				Hour   *time.Time
				Count  int
			}
		}
		s.MustGraphQL(`query($p: ID!) { total: analyticsFiltered(projectId: $p) { reason hour count }
			perHour: analyticsFiltered(projectId: $p, byHour: true) { reason hour count } }`, map[string]any{"p": project}, &out)
		got := map[string]int{}
		for i, c := range out.Total {
			got[c.Reason] += c.Count
			if c.Hour != nil || i > 0 && c.Count > out.Total[i-1].Count {
				t.Errorf("totals not per reason, most first: %+v", out.Total)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || out.Total[0].Reason != "bad_event" {
			t.Errorf("analyticsFiltered = %+v, want %v", out.Total, want)
		}
		hourly := map[string]int{}
		thisHour := time.Now().UTC().Truncate(time.Hour)
		for _, c := range out.PerHour {
			hourly[c.Reason] += c.Count
			if c.Hour == nil || c.Hour.After(thisHour) || c.Hour.Before(thisHour.Add(-time.Hour)) {
				t.Errorf("per-hour row %+v: hour not this one (%s)", c, thisHour)
			}
		}
		if fmt.Sprint(hourly) != fmt.Sprint(want) {
			t.Errorf("analyticsFiltered(byHour) = %+v, want %v", out.PerHour, want)
		}
		status, env := s.REST("GET", "/v1/projects/"+project+"/analytics/filtered?start_time=2026-01-01T00:00:00Z&end_time=2027-06-01T00:00:00Z", "")
		if status != http.StatusBadRequest || env.Success {
			t.Errorf("a 517-day range: %d %s, want 400", status, env.Message)
		}
	})
}

// TestCollectLimits: an address over its rate gets 429 with Retry-After; when
// the writer cannot keep up (its database locked here) the bounded queue fills
// and beacons get 503 with Retry-After; once the lock goes, what was accepted
// is written.
func TestCollectLimits(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := s.CreateProject(s.CreateOrganization("Acme"), "Limits")
		video := s.CreateVideo(project, "", "Clip")
		now := time.Now().UnixMilli()
		beaconFor := func() beacon {
			return beacon{V: 1, ViewID: uuid.NewString(), VideoID: video, Events: []ev{{0, "viewstart", now, 0, "", false}}}
		}
		// 1 request/s, burst 3, from one address.
		statuses := map[int]int{}
		var retry string
		for i := 0; i < 6; i++ {
			st, h, _ := post(t, s, project, beaconFor(), http.Header{"X-Forwarded-For": {"198.51.100.7"}})
			statuses[st]++
			if st == http.StatusTooManyRequests {
				retry = h.Get("Retry-After")
			}
		}
		if statuses[http.StatusNoContent] != 3 || statuses[http.StatusTooManyRequests] != 3 || retry == "" {
			t.Fatalf("statuses %v, Retry-After %q; want 3 accepted, 3 refused with Retry-After", statuses, retry)
		}

		// Lock the events table so the writer blocks; its queue (2 entries) fills.
		ctx := context.Background()
		conn, err := s.App.DB.SQL.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = conn.Close() }()
		lock, unlock := "BEGIN IMMEDIATE", "COMMIT"
		if s.App.DB.Dialect == "postgres" {
			lock = "BEGIN; LOCK TABLE analytics_events IN EXCLUSIVE MODE"
		}
		if _, err := conn.ExecContext(ctx, lock); err != nil {
			t.Fatal(err)
		}
		accepted, busy := 0, 0
		// The writer takes what arrives for up to 250 ms into its batch, then blocks.
		for i := 0; i < 5000 && busy == 0; i++ {
			st, h, body := post(t, s, project, beaconFor(), http.Header{"X-Forwarded-For": {fmt.Sprintf("10.%d.%d.1", i/250, i%250)}})
			switch st {
			case http.StatusNoContent:
				accepted++
			case http.StatusServiceUnavailable:
				busy++
				if h.Get("Retry-After") == "" {
					t.Errorf("503 without Retry-After")
				}
			default:
				t.Fatalf("status %d %s", st, body)
			}
		}
		if _, err := conn.ExecContext(ctx, unlock); err != nil {
			t.Fatal(err)
		}
		if busy == 0 {
			t.Fatalf("%d beacons accepted with the writer blocked and no 503", accepted)
		}
		s.FlushAnalytics()
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, project); n != 3+accepted {
			t.Fatalf("%d views written, want %d (every accepted beacon)", n, 3+accepted)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_ANALYTICS_RATE_PER_IP": "1", "VIDRA_ANALYTICS_QUEUE": "2",
		"VIDRA_TRUSTED_PROXIES": "127.0.0.0/8"}})
}
