package query_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

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
	proj, folder, video, user string
}

// seedBench writes the views (and the measured project's events) in bulk SQL.
func seedBench(b *testing.B, s *apptest.Server) benchWorld {
	org := s.CreateOrganization("Bench")
	proj := s.CreateProject(org, "Measured")
	var folders, videos []uuid.UUID
	for i := range benchFolders {
		folders = append(folders, uuid.MustParse(s.CreateFolder(proj, "", fmt.Sprintf("F%d", i))))
	}
	for i := range benchVideos {
		videos = append(videos, uuid.MustParse(s.CreateVideo(proj, folders[i%benchFolders].String(), fmt.Sprintf("V%d", i))))
	}
	projects := []uuid.UUID{uuid.MustParse(proj)}
	for len(projects) < benchProjects {
		projects = append(projects, uuid.New())
	}
	countries := []string{"FR", "US", "DE", "GB", "IN", "BR", "JP", "ES", "IT", "NL", "CA", "AU", "MX", "PL", "SE", "KR", "TR", "AR", "BE", "CH"}
	devices := []string{"desktop", "mobile", "tablet", "tv"}
	rng := rand.New(rand.NewPCG(1, 2))
	db := s.App.DB.SQL
	cols := []string{"id", "project_id", "video_id", "folder_id", "player_id", "user_id", "session_id", "viewer_key", "country",
		"device_type", "os", "browser", "player_software", "stream_type", "started_at", "ended_at", "hour", "startup_ms",
		"watched_ms", "rebuffer_ms", "rebuffer_count", "error_count", "fatal_error_code", "max_playhead_ms", "duration_ms",
		"completed", "verified", "updated_at"}
	evCols := []string{"project_id", "view_id", "seq", "ts_ms", "type", "playhead_ms", "video_id", "user_id", "detail"}
	const batch = 500
	start := benchEnd.Add(-benchDays * 24 * time.Hour).Unix()
	span := int64(benchDays * 24 * 3600)
	var rows, evRows [][]any
	flush := func(table string, cols []string, rows [][]any) {
		if len(rows) == 0 {
			return
		}
		var sb strings.Builder
		args := make([]any, 0, len(rows)*len(cols))
		sb.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
		for i, r := range rows {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			for j := range r {
				if j > 0 {
					sb.WriteString(", ")
				}
				args = append(args, r[j])
				fmt.Fprintf(&sb, "$%d", len(args))
			}
			sb.WriteString(")")
		}
		if _, err := db.Exec(sb.String(), args...); err != nil {
			b.Fatalf("seed %s: %v", table, err)
		}
	}
	for i := range benchViews {
		p := projects[i%benchProjects]
		measured := i%benchProjects == 0
		video, folder := uuid.New(), any(nil)
		if measured {
			v := rng.IntN(benchVideos)
			video, folder = videos[v], folders[v%benchFolders]
		}
		started := start + rng.Int64N(span)
		var startup any
		watched, fatal := int64(0), ""
		switch r := rng.IntN(100); {
		case r < 3:
			fatal = "MEDIA_ERR_NETWORK"
		case r < 8: // exit before start
		default:
			startup, watched = int64(200+rng.IntN(2000)), int64(rng.IntN(600_000))
		}
		user := ""
		if rng.IntN(2) == 0 {
			user = fmt.Sprintf("user-%d", rng.IntN(2000))
		}
		id := uuid.New()
		rows = append(rows, []any{id, p, video, folder, nil, user, fmt.Sprintf("s%d", i), fmt.Sprintf("%032x", rng.IntN(10000)),
			countries[rng.IntN(len(countries))], devices[rng.IntN(len(devices))], "Linux", "Firefox", "hls.js", "on_demand",
			started, started + watched/1000, started / 3600 * 3600, startup, watched, int64(rng.IntN(3000)), rng.IntN(3), rng.IntN(2),
			fatal, watched, int64(600_000), rng.IntN(4) == 0, rng.IntN(10) > 0, started})
		if measured {
			for seq := range 10 {
				evRows = append(evRows, []any{p, id, seq, started*1000 + int64(seq)*10_000, "heartbeat", int64(seq) * 10_000, video, user, ""})
			}
		}
		if len(rows) == batch {
			flush("analytics_views", cols, rows)
			rows = rows[:0]
		}
		if len(evRows) >= batch {
			flush("analytics_events", evCols, evRows)
			evRows = evRows[:0]
		}
	}
	flush("analytics_views", cols, rows)
	flush("analytics_events", evCols, evRows)
	if _, err := db.Exec("ANALYZE"); err != nil {
		b.Fatalf("analyze: %v", err)
	}
	return benchWorld{proj: proj, folder: folders[0].String(), video: videos[0].String(), user: "user-7"}
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
			for _, q := range queries {
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
