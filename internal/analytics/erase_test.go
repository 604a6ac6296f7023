package analytics_test

import (
	"database/sql"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestEraseUserThroughWriter: a user's view is written (and its fold cached by
// the writer), the user is erased, then later events of the same view arrive:
// the view comes back with the new events' figures only, none of the erased
// ones (no watch time from the cached fold, its start at the first new event).
func TestEraseUserThroughWriter(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := s.CreateProject(s.CreateOrganization("Acme"), "Erase")
		video := s.CreateVideo(project, "", "Clip")
		t0 := time.Now().Add(-time.Minute).UnixMilli()
		view := uuid.NewString()
		send := func(events []ev) {
			t.Helper()
			b := beacon{V: 1, ViewID: view, SessionID: "s1", VideoID: video, UserID: "u-erase", Events: events}
			if st, _, body := post(t, s, project, b, nil); st != http.StatusNoContent {
				t.Fatalf("beacon: %d %s", st, body)
			}
		}
		send([]ev{{0, "viewstart", t0, 0, "", false}, {1, "playing", t0 + 500, 0, "", false},
			{2, "heartbeat", t0 + 10_500, 10_000, "", false}, {3, "heartbeat", t0 + 20_500, 20_000, "", false}})
		s.FlushAnalytics()
		if v := readView(t, s, view); v.watched != 20_000 {
			t.Fatalf("before erasure: watched %d, want 20000", v.watched)
		}
		// One more batch queued just before the erasure is erased with the rest.
		send([]ev{{4, "heartbeat", t0 + 30_500, 30_000, "", false}})
		var out struct {
			EraseAnalyticsUser struct{ Views, Events int }
		}
		s.MustGraphQL(`mutation($p: ID!) { eraseAnalyticsUser(projectID: $p, userID: "u-erase") { views events } }`,
			map[string]any{"p": project}, &out)
		if got := out.EraseAnalyticsUser; got.Views != 1 || got.Events != 5 {
			t.Fatalf("erased %+v, want 1 view and 5 events", got)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_views WHERE project_id = ?`, project); n != 0 {
			t.Fatalf("%d views left after the erasure", n)
		}

		// The same view goes on: seqs 5 and 6, right after the cached fold's last.
		send([]ev{{5, "heartbeat", t0 + 40_500, 40_000, "", false}, {6, "pause", t0 + 41_500, 41_000, "", false}})
		s.FlushAnalytics()
		var watched, started int64
		var startup sql.NullInt64
		q := `SELECT watched_ms, started_at, startup_ms FROM analytics_views WHERE id = ` + placeholder(s)
		if err := s.App.DB.SQL.QueryRow(q, view).Scan(&watched, &started, &startup); err != nil {
			t.Fatal(err)
		}
		// Folded from seqs 5 and 6 alone: no playing event among them, so no
		// watch time and no startup; it starts at seq 5.
		if watched != 0 || startup.Valid || started != (t0+40_500)/1000 {
			t.Fatalf("after erasure: watched %d, startup %v, started %d; want 0, null, %d (the new events only)",
				watched, startup, started, (t0+40_500)/1000)
		}
		// A view's events are the id range its number names (view number << 20 | seq).
		if n := s.SQLInt(`SELECT COUNT(*) FROM analytics_events e JOIN analytics_views v
			ON e.id >= v.ref * 1048576 AND e.id < (v.ref + 1) * 1048576 WHERE v.id = ?`, view); n != 2 {
			t.Fatalf("%d events stored after the erasure, want 2", n)
		}
	})
}
