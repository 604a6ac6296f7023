package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/testdb"
)

// viewer is a scripted viewer: its events and the figures they must give.
type viewer struct {
	rec            *ViewRecord
	watched        int64
	started, fatal bool
}

// played is a viewer that starts at t0 (ms), starts up in 500 ms and plays
// secs seconds with heartbeats, then ends.
func played(project, video uuid.UUID, country string, t0 int64, secs int) viewer {
	evs := []Event{{Seq: 0, Type: EvViewStart, TsMs: t0}, {Seq: 1, Type: EvPlaying, TsMs: t0 + 500}}
	for s := 10; s <= secs; s += 10 {
		evs = append(evs, Event{Seq: len(evs), Type: EvHeartbeat, TsMs: t0 + 500 + int64(s)*1000, PlayMs: int64(s) * 1000})
	}
	evs = append(evs, Event{Seq: len(evs), Type: EvViewEnd, TsMs: t0 + 500 + int64(secs)*1000, PlayMs: int64(secs) * 1000})
	return viewer{rec: rec(project, video, country, evs), watched: int64(secs) * 1000, started: true}
}

func rec(project, video uuid.UUID, country string, evs []Event) *ViewRecord {
	return &ViewRecord{Project: project, Video: video, View: uuid.New(), Country: country, Device: "desktop",
		OS: "Linux", Browser: "Chrome", StreamType: "on_demand", GapCapMs: 20_000, Events: evs}
}

func openWriter(t *testing.T, d string) (*sql.DB, *Writer) {
	db := testdb.Open(t, d).SQL
	w := NewWriter(NewSQLStore(db, d), WriterOptions{MaxWait: 20 * time.Millisecond})
	t.Cleanup(func() { _ = w.Close(context.Background()) })
	return db, w
}

func mustFlush(t *testing.T, w *Writer) {
	t.Helper()
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := w.Stats(); s.Lost != 0 {
		t.Fatalf("writer lost %d entries", s.Lost)
	}
}

func queryInt(t *testing.T, db *sql.DB, q string, args ...any) int64 {
	t.Helper()
	var n sql.NullInt64
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n.Int64
}

// totals are the sums of a rollup table (or of the views) for a project.
type totals struct{ views, attempts, watched, failures, ebvs, countries int64 }

func rollupTotals(t *testing.T, db *sql.DB, table string, project uuid.UUID) totals {
	t.Helper()
	var x totals
	q := fmt.Sprintf(`SELECT COALESCE(SUM(views), 0), COALESCE(SUM(attempts), 0), COALESCE(SUM(watched_ms), 0),
		COALESCE(SUM(failures), 0), COALESCE(SUM(ebvs), 0), COUNT(DISTINCT country) FROM %s WHERE project_id = $1`, table)
	if err := db.QueryRow(q, project).Scan(&x.views, &x.attempts, &x.watched, &x.failures, &x.ebvs, &x.countries); err != nil {
		t.Fatal(err)
	}
	return x
}

func TestWriterAndRollup(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db, w := openWriter(t, d)
			project, other := uuid.New(), uuid.New()
			v1, v2 := uuid.New(), uuid.New()
			h0 := time.Now().Add(-5 * time.Hour).Truncate(time.Hour).UnixMilli()
			viewers := []viewer{
				played(project, v1, "DE", h0+60_000, 30),
				played(project, v1, "DE", h0+120_000, 20),
				played(project, v2, "FR", h0+3_600_000+5_000, 40),
				played(other, uuid.New(), "US", h0+10_000, 60),
				// exits before video start
				{rec: rec(project, v2, "FR", []Event{{Seq: 0, Type: EvViewStart, TsMs: h0 + 200_000}})},
				// fails before start
				{rec: rec(project, v1, "", []Event{{Seq: 0, Type: EvViewStart, TsMs: h0 + 300_000},
					{Seq: 1, Type: EvError, TsMs: h0 + 301_000, Code: "404", Fatal: true, Detail: `{"code":"404","fatal":true}`}}), fatal: true},
			}
			for _, v := range viewers {
				if err := w.enqueue(item{view: v.rec}); err != nil {
					t.Fatal(err)
				}
			}
			mustFlush(t, w)
			for _, v := range viewers {
				got := queryInt(t, db, `SELECT watched_ms FROM analytics_views WHERE id = $1`, v.rec.View)
				if got != v.watched {
					t.Errorf("view %s watched %d, want %d", v.rec.View, got, v.watched)
				}
			}
			want := totals{views: 3, attempts: 5, watched: 90_000, failures: 1, ebvs: 1, countries: 3}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_dirty_hours WHERE project_id = $1`, project); n != 2 {
				t.Fatalf("%d dirty hours, want 2", n)
			}

			// A run killed half-way changes nothing: its marks stay for the next run.
			killed := errors.New("killed")
			if _, err := rollup(context.Background(), db, func(context.Context) error { return killed }); !errors.Is(err, killed) {
				t.Fatalf("killed run: %v", err)
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_dirty_hours`); n != 3 {
				t.Fatalf("after a killed run %d dirty hours, want 3", n)
			}
			if x := rollupTotals(t, db, "analytics_hourly", project); x != (totals{}) {
				t.Fatalf("a killed run left rollups: %+v", x)
			}
			for i := 0; i < 2; i++ { // the rerun, then one more: same totals
				if _, err := Rollup(context.Background(), db); err != nil {
					t.Fatal(err)
				}
				for _, table := range []string{"analytics_hourly", "analytics_daily"} {
					if x := rollupTotals(t, db, table, project); x != want {
						t.Fatalf("run %d %s = %+v, want %+v", i, table, x, want)
					}
				}
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_dirty_hours`); n != 0 {
				t.Fatalf("%d dirty hours left", n)
			}
			// The viewer rollup: the same sums, one row per day, video, country, ...
			// and viewer (all viewers here share the empty key: one row each).
			if got := queryInt(t, db, `SELECT SUM(attempts) + 1000 * SUM(views) + 1000000 * SUM(watched_ms) FROM analytics_viewer_daily WHERE project_id = $1`, project); got != want.attempts+1000*want.views+1000000*want.watched {
				t.Fatalf("viewer rollup sums %d, want %d", got, want.attempts+1000*want.views+1000000*want.watched)
			}

			// A resent batch changes nothing; late events of the first view land in
			// its hour (h0), and the rollup follows.
			first := viewers[0].rec
			if err := w.enqueue(item{view: first}); err != nil {
				t.Fatal(err)
			}
			late := *first
			late.Events = []Event{{Seq: len(first.Events), Type: EvPlaying, TsMs: h0 + 100_000, PlayMs: 30_000},
				{Seq: len(first.Events) + 1, Type: EvHeartbeat, TsMs: h0 + 110_000, PlayMs: 40_000}}
			if err := w.enqueue(item{view: &late}); err != nil {
				t.Fatal(err)
			}
			mustFlush(t, w)
			if _, err := Rollup(context.Background(), db); err != nil {
				t.Fatal(err)
			}
			want.watched += 10_000
			if x := rollupTotals(t, db, "analytics_hourly", project); x != want {
				t.Fatalf("after late events %+v, want %+v", x, want)
			}
			if got := queryInt(t, db, `SELECT SUM(watched_ms) FROM analytics_hourly WHERE project_id = $1 AND bucket = $2`, project, h0/1000); got != 60_000 {
				t.Fatalf("first hour watched %d, want 60000", got)
			}
		})
	}
}

func TestFoldRebuiltMatchesIncremental(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db, w := openWriter(t, d)
			v := played(uuid.New(), uuid.New(), "", time.Now().Add(-time.Hour).UnixMilli(), 60)
			// Sent out of order, in three parts: the writer rebuilds from stored events.
			parts := [][]Event{v.rec.Events[4:], v.rec.Events[:2], v.rec.Events[2:4]}
			for _, p := range parts {
				r := *v.rec
				r.Events = p
				if err := w.enqueue(item{view: &r}); err != nil {
					t.Fatal(err)
				}
				mustFlush(t, w)
			}
			if got := queryInt(t, db, `SELECT watched_ms FROM analytics_views WHERE id = $1`, v.rec.View); got != 60_000 {
				t.Fatalf("watched %d, want 60000", got)
			}
		})
	}
}

func TestPurge(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db, w := openWriter(t, d)
			now := time.Now()
			old := played(uuid.New(), uuid.New(), "", now.Add(-6*24*time.Hour).UnixMilli(), 20)
			fresh := played(old.rec.Project, old.rec.Video, "", now.Add(-time.Hour).UnixMilli(), 20)
			for _, v := range []viewer{old, fresh} {
				if err := w.enqueue(item{view: v.rec}); err != nil {
					t.Fatal(err)
				}
			}
			mustFlush(t, w)
			if _, err := Rollup(context.Background(), db); err != nil {
				t.Fatal(err)
			}
			if _, err := Purge(context.Background(), db, Retention{Events: 5 * 24 * time.Hour, Views: 5 * 24 * time.Hour, Hourly: 5 * 24 * time.Hour}, now); err != nil {
				t.Fatal(err)
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_events`); n != int64(len(fresh.rec.Events)) {
				t.Fatalf("%d events kept, want %d", n, len(fresh.rec.Events))
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_views`); n != 1 {
				t.Fatalf("%d views kept, want 1", n)
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_hourly`); n != 1 {
				t.Fatalf("%d hourly rows kept, want 1", n)
			}
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_daily`); n != 2 {
				t.Fatalf("%d daily rows kept, want 2 (kept forever)", n)
			}
			// The viewer rollup is kept as long as the views: the old day goes.
			if n := queryInt(t, db, `SELECT COUNT(*) FROM analytics_viewer_daily`); n != 1 {
				t.Fatalf("%d viewer-rollup rows kept, want 1", n)
			}
		})
	}
}
