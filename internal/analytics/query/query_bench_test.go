package query_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// The benchmark's data: the design's 10 M events as ~330 k views (30 events a
// view) over 30 days in 10 projects; the measured project holds a tenth of
// them, with 10 events a view of its own in the player log.
const (
	benchViews    = 330_000
	benchProjects = 10
	benchDays     = 30
	benchVideos   = 50
	benchFolders  = 5
)

var benchEnd = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

// benchWorld is the seeded project the queries read.
type benchWorld struct {
	org, proj, folder, video, user string
}

// seedBench writes the views (and the measured project's events) in bulk SQL:
// INSERT ... SELECT over a generated series, values spread by arithmetic on the
// row number (the same rows on both databases, but for the random ids), then
// marks their hours dirty and runs the rollup job, as the writer and River would.
func seedBench(b *testing.B, s *apptest.Server) benchWorld {
	org := s.CreateOrganization("Bench")
	proj := s.CreateProject(org, "Measured")
	var folders, videos []string
	for i := range benchFolders {
		folders = append(folders, s.CreateFolder(proj, "", fmt.Sprintf("F%d", i)))
	}
	for i := range benchVideos {
		videos = append(videos, s.CreateVideo(proj, folders[i%benchFolders], fmt.Sprintf("V%d", i)))
	}
	pg := s.App.DB.Dialect == dialect.Postgres
	cast := func(p string) string {
		if pg {
			return "CAST(" + p + " AS uuid)"
		}
		return p
	}
	newID := `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' ||
		substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`
	if pg {
		newID = "gen_random_uuid()"
	}
	start := benchEnd.Add(-benchDays * 24 * time.Hour).Unix()
	args := []any{benchViews - 1, start, int64(benchDays * 24 * 3600), proj,
		"FRUSDEGBINBRJPESITNLCAAUMXPLSEKRTRARBECH"}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	var vids, projs []string
	for i, v := range videos {
		vids = append(vids, fmt.Sprintf("(%d, %s, %s)", i, cast(arg(v)), cast(arg(folders[i%benchFolders]))))
	}
	for k := 1; k < benchProjects; k++ {
		projs = append(projs, fmt.Sprintf("(%d, %s)", k, cast(arg(uuid.NewString()))))
	}
	views := `WITH RECURSIVE n(i) AS (SELECT CAST(0 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < $1),
		vids(k, vid, fid) AS (VALUES ` + strings.Join(vids, ", ") + `),
		projs(k, pid) AS (VALUES ` + strings.Join(projs, ", ") + `)
	INSERT INTO analytics_views (id, project_id, ref, video_id, folder_id, user_id, session_id, viewer_key, country,
		device_type, os, browser, player_software, stream_type, started_at, ended_at, hour, startup_ms,
		watched_ms, rebuffer_ms, rebuffer_count, error_count, fatal_error_code, max_playhead_ms, duration_ms,
		completed, verified, updated_at)
	SELECT ` + newID + `, COALESCE(projs.pid, ` + cast("$4") + `), x.i + 1,
		CASE WHEN x.i % 10 = 0 THEN vids.vid ELSE ` + newID + ` END,
		CASE WHEN x.i % 10 = 0 THEN vids.fid END,
		CASE WHEN x.i % 2 = 0 THEN 'user-' || ((x.i * 7) % 2000) ELSE '' END,
		's' || x.i, 'k' || ((x.i * 13) % 10000), substr($5, CAST(((x.i * 17) % 20) * 2 + 1 AS INTEGER), 2),
		CASE (x.i * 3) % 4 WHEN 0 THEN 'desktop' WHEN 1 THEN 'mobile' WHEN 2 THEN 'tablet' ELSE 'tv' END,
		'Linux', 'Firefox', 'hls.js', 'on_demand',
		x.started, x.started + x.watched / 1000, (x.started / 3600) * 3600,
		CASE WHEN x.r >= 8 THEN 200 + (x.i * 11) % 2000 END,
		x.watched, (x.i * 5) % 3000, x.i % 3, (x.i * 7) % 2,
		CASE WHEN x.r < 3 THEN 'MEDIA_ERR_NETWORK' ELSE '' END, x.watched, 600000,
		x.i % 4 = 0, x.i % 10 <> 1, x.started
	FROM (SELECT i, CAST($2 AS BIGINT) + (i * 7919) % $3 AS started, (i * 37) % 100 AS r,
		CASE WHEN (i * 37) % 100 >= 8 THEN (i * 7727) % 600000 ELSE 0 END AS watched FROM n) x
	LEFT JOIN projs ON projs.k = x.i % 10
	LEFT JOIN vids ON vids.k = (x.i / 10) % 50`
	db := s.App.DB.SQL
	if _, err := db.Exec(views, args...); err != nil {
		b.Fatalf("seed views: %v", err)
	}
	events := `WITH RECURSIVE q(seq) AS (SELECT 0 UNION ALL SELECT seq + 1 FROM q WHERE seq < 9)
	INSERT INTO analytics_events (id, ts_ms, playhead_ms, type)
	SELECT v.ref * 1048576 + q.seq, v.started_at * 1000 + q.seq * 10000, q.seq * 10000, 9
	FROM analytics_views v CROSS JOIN q WHERE v.project_id = $1`
	if _, err := db.Exec(events, uuid.MustParse(proj)); err != nil {
		b.Fatalf("seed events: %v", err)
	}
	// The writer marks the hours it writes; the rollup job then sums them into
	// analytics_hourly and analytics_daily, which the queries read. The app's
	// own periodic rollup is stopped first: on SQLite the two would meet in
	// SQLITE_BUSY.
	if err := s.App.StopJobs(); err != nil {
		b.Fatalf("stop jobs: %v", err)
	}
	if _, err := db.Exec(`INSERT INTO analytics_dirty_hours (project_id, hour) SELECT DISTINCT project_id, hour FROM analytics_views`); err != nil {
		b.Fatalf("mark dirty hours: %v", err)
	}
	t0 := time.Now()
	for {
		n, err := analytics.Rollup(context.Background(), db)
		if err != nil {
			b.Fatalf("rollup: %v", err)
		}
		if n == 0 {
			break
		}
	}
	b.Logf("%s: rollup of %d days of %d projects took %v", s.App.DB.Dialect, benchDays, benchProjects, time.Since(t0).Round(time.Millisecond))
	if _, err := db.Exec("ANALYZE"); err != nil {
		b.Fatalf("analyze: %v", err)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM analytics_views").Scan(&n); err != nil || n != benchViews {
		b.Fatalf("seeded %d views (%v), want %d", n, err, benchViews)
	}
	return benchWorld{org: org, proj: proj, folder: folders[0], video: videos[0], user: "user-70"}
}

// BenchmarkMappingQueries runs each query of the design's mapping table (section
// 5) through REST over HTTP on the seeded data, and reports its p50 and p99.
func BenchmarkMappingQueries(b *testing.B) {
	for _, d := range []string{dialect.SQLite, dialect.Postgres} {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d)
			w := seedBench(b, s)
			r := "start_time=" + url.QueryEscape(benchEnd.Add(-benchDays*24*time.Hour).Format(time.RFC3339)) +
				"&end_time=" + url.QueryEscape(benchEnd.Format(time.RFC3339))
			p := "/v1/projects/" + w.proj
			dataset := `{"start_time": "` + benchEnd.Add(-7*24*time.Hour).Format(time.RFC3339) + `", "end_time": "` + benchEnd.Format(time.RFC3339) +
				`", "filters": [{"field": "media_id", "operator": "equal", "values": ["` + w.video + `"]}], "group_bys": ["time_interval_hour"],` +
				` "metrics": [{"name": "total_media_error"}]}`
			queries := []struct{ name, method, path, body string }{
				{"geo-distribution", "GET", p + "/analytics/geo-distribution?" + r, ""},
				{"views by day", "GET", p + "/analytics/views?" + r, ""},
				{"total watch by day", "GET", p + "/analytics/total-watch-time?" + r, ""},
				{"avg watch by day", "GET", p + "/analytics/avg-watch-time?" + r, ""},
				{"avg watch per viewer", "GET", p + "/analytics/avg-watch-per-unique-user?" + r, ""},
				{"player errors", "GET", p + "/analytics/player-errors?" + r, ""},
				{"popularity", "GET", p + "/analytics/popularity?" + r, ""},
				{"collection insights", "GET", p + "/folders/" + w.folder + "/analytics/insights?" + r, ""},
				{"collection views", "GET", p + "/folders/" + w.folder + "/analytics/views?" + r, ""},
				{"collection watch time", "GET", p + "/folders/" + w.folder + "/analytics/watch-time?" + r, ""},
				{"video views", "GET", p + "/videos/" + w.video + "/analytics/views?" + r, ""},
				{"video geo", "GET", p + "/videos/" + w.video + "/analytics/geo-distribution?" + r, ""},
				{"user total-watch", "GET", p + "/users/" + w.user + "/analytics/total-watch?" + r, ""},
				{"users list", "GET", p + "/analytics/users?" + r, ""},
				{"videos list", "GET", p + "/analytics/videos?" + r, ""},
				{"user media views", "GET", p + "/users/" + w.user + "/media-views?" + r, ""},
				{"user sessions", "GET", p + "/users/" + w.user + "/sessions?" + r, ""},
				{"user player log", "GET", p + "/users/" + w.user + "/player-logs?" + r, ""},
				{"dataset 4.5", "POST", "/report/v1/" + w.proj + "/dataset", dataset},
			}
			var loggedIn time.Time
			for _, q := range queries {
				// A fresh access token every 2 minutes: the whole run outlives one on
				// a busy machine, and a login per query meets the login rate limit.
				if time.Since(loggedIn) > 2*time.Minute {
					s.Token = s.Login(apptest.DefaultEmail, apptest.DefaultPassword).AccessToken
					s.SwitchOrganization(w.org)
					loggedIn = time.Now()
				}
				b.Run(strings.ReplaceAll(q.name, " ", "_"), func(b *testing.B) {
					var took []time.Duration
					for b.Loop() {
						t0 := time.Now()
						status, env := s.REST(q.method, q.path, q.body)
						took = append(took, time.Since(t0))
						if status != http.StatusOK {
							b.Fatalf("%s: %d %+v", q.name, status, env)
						}
					}
					slices.Sort(took)
					b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(took[(len(took)*99)/100].Microseconds())/1000, "p99-ms")
				})
			}
		})
	}
}
