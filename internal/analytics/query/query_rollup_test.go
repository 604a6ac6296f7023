package query_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// rollupStart is the first day of the rollup world's views.
var rollupStart = time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)

// rollupWorld seeds views over three days (every 37 minutes, dimensions spread
// by arithmetic) in a project with folders F > F2 and videos V1 (in F), V2 (in
// F2), V3 (none), and a few in another project; runs the rollup job; then
// marks one hour dirty again with a view added in it after the job (its rollup
// is stale) and marks another dirty with nothing changed.
func rollupWorld(t *testing.T, s *apptest.Server) (w world, dirty time.Time) {
	org := s.CreateOrganization("Roll")
	p := s.CreateProject(org, "Roll")
	f := s.CreateFolder(p, "", "F")
	f2 := s.CreateFolder(p, f, "F2")
	o := s.CreateProject(org, "Other")
	w = world{proj: uuid.MustParse(p), other: uuid.MustParse(o), f: uuid.MustParse(f), f2: uuid.MustParse(f2),
		v1: uuid.MustParse(s.CreateVideo(p, f, "V1")), v2: uuid.MustParse(s.CreateVideo(p, f2, "V2")),
		v3: uuid.MustParse(s.CreateVideo(p, "", "V3")), vo: uuid.MustParse(s.CreateVideo(o, "", "VO"))}
	// Only the test rolls up: the app's periodic rollup (run on start) would
	// clear the dirty hours under test.
	if err := s.App.StopJobs(); err != nil {
		t.Fatalf("stop jobs: %v", err)
	}
	countries := []string{"FR", "US", "DE", ""}
	devices := []string{"desktop", "mobile", "tablet", ""}
	view := func(i int, at time.Time) apptest.AnalyticsView {
		v := apptest.AnalyticsView{Project: w.proj, Started: at, Viewer: fmt.Sprintf("k%d", i%7),
			User: []string{"alice", "bob", ""}[i%3], Country: countries[i%4], Device: devices[(i/4)%4],
			OS: []string{"Linux", "Windows"}[i%2], Browser: []string{"Chrome", "Firefox", "Safari"}[(i/2)%3],
			WatchedMs: int64((i * 7727) % 600000), RebufferMs: int64((i * 53) % 3000), Errors: i % 3,
			Completed: i%5 == 0, Verified: i%6 != 0}
		switch i % 3 {
		case 0:
			v.Video, v.Folder = w.v1, &w.f
		case 1:
			v.Video, v.Folder = w.v2, &w.f2
		default:
			v.Video = w.v3
		}
		if i%9 != 4 {
			v.StartupMs = ms(int64(100 + (i*11)%2000))
		} else {
			v.WatchedMs = 0
		}
		if i%11 == 3 {
			v.FatalCode = "MEDIA_ERR_DECODE"
		}
		if i%13 == 0 {
			v.Project, v.Video, v.Folder = w.other, w.vo, nil
		}
		return v
	}
	i := 0
	for at := rollupStart.Add(3 * time.Minute); at.Before(rollupStart.Add(72 * time.Hour)); at = at.Add(37 * time.Minute) {
		s.SeedView(view(i, at))
		i++
	}
	db := s.App.DB.SQL
	for {
		n, err := analytics.Rollup(context.Background(), db)
		if err != nil {
			t.Fatalf("rollup: %v", err)
		}
		if n == 0 {
			break
		}
	}
	if n := countRows(t, s, "SELECT COUNT(*) FROM analytics_dirty_hours"); n != 0 {
		t.Fatalf("%d dirty hours after the rollup", n)
	}
	// Day 2, 13:00: a late view makes it dirty (its rollup misses the view);
	// day 0, 05:00 is marked dirty with its rollup still right.
	dirty = rollupStart.Add(61 * time.Hour)
	late := view(i, dirty.Add(20*time.Minute))
	late.Project, late.Video, late.Folder = w.proj, w.v1, &w.f
	s.SeedView(late)
	if _, err := db.Exec(`INSERT INTO analytics_dirty_hours (project_id, hour) VALUES ($1, $2)`,
		w.proj, rollupStart.Add(5*time.Hour).Unix()); err != nil {
		t.Fatal(err)
	}
	return w, dirty
}

func countRows(t *testing.T, s *apptest.Server, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := s.App.DB.SQL.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestRollupPlanMatchesViews compares the rollup-backed plan with the
// views-only one for every view metric by every group-by (alone and with time),
// over ranges with ragged edges, whole hours and whole days, a dirty hour, with
// filters on rollup dimensions and on others, ordered by key and by value.
func TestRollupPlanMatchesViews(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w, dirty := rollupWorld(t, s)
		db, dia := s.App.DB.SQL, s.App.DB.Dialect
		ctx := context.Background()
		day := 24 * time.Hour
		ranges := []struct{ start, end time.Time }{
			{rollupStart.Add(2*time.Hour + 17*time.Minute), rollupStart.Add(2*day + 20*time.Hour + 5*time.Minute)}, // ragged, a whole clean day inside
			{rollupStart, rollupStart.Add(3 * day)},                                              // whole days
			{rollupStart.Add(5 * time.Hour), rollupStart.Add(day + 14*time.Hour)},                // whole hours, a dirty one first
			{dirty.Add(-90 * time.Minute), dirty.Add(150 * time.Minute)},                         // around the dirty hour
			{rollupStart.Add(10*time.Minute + 7*time.Second), rollupStart.Add(50 * time.Minute)}, // no whole hour
		}
		var metrics []query.MetricQuery
		for _, m := range query.Metrics {
			// Delivery figures and the realtime count read no views in a range.
			if m != query.DeliveredMinutes && m != query.BytesServed && m != query.ConcurrentViewers {
				metrics = append(metrics, query.MetricQuery{Name: m})
			}
		}
		groupings := [][]query.Dimension{nil, {query.TimeHour}, {query.TimeDay}, {query.TimeWeek}, {query.TimeMonth},
			{query.MediaID}, {query.FolderID}, {query.Country}, {query.DeviceType}, {query.OS}, {query.Browser},
			{query.UserID}, {query.ErrorCode}, {query.TimeDay, query.Country}, {query.TimeHour, query.MediaID},
			{query.FolderID, query.Browser}, {query.TimeHour, query.ErrorCode}, {query.TimeWeek, query.UserID}, {query.MediaID, query.UserID}}
		filters := [][]query.Filter{nil,
			{{Field: query.Country, Operator: query.Equal, Values: []string{"FR", "US"}}},
			{{Field: query.FolderID, Operator: query.Equal, Values: []string{w.f.String()}}},
			{{Field: query.MediaID, Operator: query.NotEqual, Values: []string{w.v1.String()}}},
			{{Field: query.DeviceType, Operator: query.Contains, Values: []string{"OBI"}}, {Field: query.Browser, Operator: query.GT, Values: []string{"C"}}},
			{{Field: query.UserID, Operator: query.Equal, Values: []string{"alice"}}},
			// The player errors' failed views; the users list's users.
			{{Field: query.ErrorCode, Operator: query.NotEqual, Values: []string{""}}},
			{{Field: query.UserID, Operator: query.GT, Values: []string{"alice"}}, {Field: query.Country, Operator: query.NotEqual, Values: []string{"DE"}}},
		}
		compared := 0
		for ri, r := range ranges {
			for _, g := range groupings {
				if r.end.Sub(r.start) > 48*time.Hour && len(g) > 0 && g[0] == query.TimeHour && len(g) > 1 {
					continue // keep the row count small
				}
				for fi, f := range filters {
					for _, order := range []query.Order{query.ByKeys, query.ValueDesc} {
						q := &query.Query{Start: r.start, End: r.end, Filters: f, GroupBys: g, Metrics: metrics, Order: order}
						if order == query.ValueDesc {
							q.Limit = 3
						}
						name := fmt.Sprintf("range %d, group %v, filters %d, order %s", ri, g, fi, order)
						got, err := query.Run(ctx, db, dia, w.proj, q)
						if err != nil {
							t.Fatalf("%s: rollup plan: %v", name, err)
						}
						want, err := query.RunViewsOnly(ctx, db, dia, w.proj, q)
						if err != nil {
							t.Fatalf("%s: views only: %v", name, err)
						}
						if d := diffResults(got, want); d != "" {
							t.Errorf("%s: %s", name, d)
						}
						compared++
					}
				}
			}
		}
		t.Logf("%d queries compared", compared)
		if n := countRows(t, s, "SELECT COUNT(*) FROM analytics_dirty_hours WHERE project_id = $1", w.proj); n != 2 {
			t.Errorf("%d dirty hours after the comparisons, want the 2 marked (the rollup job ran?)", n)
		}

		// The rollups are read: a view deleted from a clean hour behind the
		// job's back still counts in the rollup-backed plan, not in the other;
		// in the aggregate rollups (attempts) and in the viewer rollup (watch
		// time per unique viewer, which only it answers).
		q := &query.Query{Start: rollupStart, End: rollupStart.Add(3 * day),
			Metrics: []query.MetricQuery{{Name: query.ViewAttempts}, {Name: query.AvgWatchTimePerViewer}}}
		before, err := query.Run(ctx, db, dia, w.proj, q)
		if err != nil {
			t.Fatal(err)
		}
		// (Day 1, the one whole day with no dirty hour: the viewer rollup has days only.)
		if _, err := db.Exec(`DELETE FROM analytics_views WHERE project_id = $1 AND hour = $2`, w.proj, rollupStart.Add(30*time.Hour).Unix()); err != nil {
			t.Fatal(err)
		}
		after, err := query.Run(ctx, db, dia, w.proj, q)
		if err != nil {
			t.Fatal(err)
		}
		views, err := query.RunViewsOnly(ctx, db, dia, w.proj, q)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range q.Metrics {
			if *after.Metrics[i].Total != *before.Metrics[i].Total || *views.Metrics[i].Total == *before.Metrics[i].Total {
				t.Errorf("%s before %v, rollup plan after %v, views only after %v: the rollup plan did not read the rollups",
					m.Name, *before.Metrics[i].Total, *after.Metrics[i].Total, *views.Metrics[i].Total)
			}
		}
	})
}

// diffResults describes how two results differ ("" when they are the same,
// values equal to 1e-9 relative).
func diffResults(got, want *query.Result) string {
	if (got == nil) != (want == nil) {
		return fmt.Sprintf("result %v, want %v", got, want)
	}
	if got == nil {
		return ""
	}
	if len(got.Metrics) != len(want.Metrics) {
		return fmt.Sprintf("%d metrics, want %d", len(got.Metrics), len(want.Metrics))
	}
	for i, g := range got.Metrics {
		m := want.Metrics[i]
		if !sameValue(g.Total, m.Total) {
			return fmt.Sprintf("%s total %v, want %v", g.Name, deref(g.Total), deref(m.Total))
		}
		if len(g.Rows) != len(m.Rows) {
			return fmt.Sprintf("%s: %d rows, want %d", g.Name, len(g.Rows), len(m.Rows))
		}
		for j, r := range g.Rows {
			if a, b := fmt.Sprint(keyText(r.Keys)), fmt.Sprint(keyText(m.Rows[j].Keys)); a != b {
				return fmt.Sprintf("%s row %d keys %s, want %s", g.Name, j, a, b)
			}
			if !sameValue(r.Value, m.Rows[j].Value) {
				return fmt.Sprintf("%s row %d (%v) value %v, want %v", g.Name, j, keyText(r.Keys), deref(r.Value), deref(m.Rows[j].Value))
			}
		}
	}
	return ""
}

func keyText(keys []query.Key) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = string(k.Dimension) + "=<null>"
		if k.Value != nil {
			out[i] = string(k.Dimension) + "=" + *k.Value
		}
	}
	return out
}

func sameValue(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) <= 1e-9*math.Max(1, math.Abs(*b))
}
