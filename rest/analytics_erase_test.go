package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// analyticsUser is the player-reported user of the analytics fixtures.
const analyticsUser = "viewer-42"

var analyticsEraseContractCases = []contractCase{
	{method: "DELETE", path: "/projects/{projId}/users/{userId}/analytics",
		vars: map[string]any{"projId": "{projId}", "userId": "{userId}"}},
}

func init() {
	contractCases = append(contractCases, analyticsEraseContractCases...)
	moreFixtures = append(moreFixtures, analyticsFixtures)
}

// analyticsFixtures stores a view and an event of analyticsUser on the fixture
// video and on the other project's video, as the ingest writer would.
func analyticsFixtures(s *apptest.Server, f fixtures) {
	f["userId"] = analyticsUser
	seedAnalyticsView(s, f["projId"], f["videoId"], analyticsUser, time.Now().Add(-time.Hour))
	seedAnalyticsView(s, f["other:projId"], f["other:videoId"], analyticsUser, time.Now().Add(-time.Hour))
}

// seedAnalyticsView stores one view of a user with two events (apptest.SeedView).
func seedAnalyticsView(s *apptest.Server, proj, video, user string, at time.Time) string {
	p, v := uuid.MustParse(proj), uuid.MustParse(video)
	view := s.SeedView(apptest.AnalyticsView{Project: p, Video: v, User: user, Started: at, WatchedMs: 10000})
	for seq, typ := range []string{"viewstart", "playing"} {
		s.SeedEvent(view, seq, at, typ, 0, "")
	}
	return view.String()
}

// aliceEvents counts the stored events of alice's views (events carry no user).
const aliceEvents = `SELECT COUNT(*) FROM analytics_events e JOIN analytics_views v
	ON e.id >= v.ref * 1048576 AND e.id < (v.ref + 1) * 1048576 WHERE v.user_id = 'alice'`

func rollup(t *testing.T, s *apptest.Server) {
	t.Helper()
	if _, err := analytics.Rollup(context.Background(), s.App.DB.SQL); err != nil {
		t.Fatal(err)
	}
}

// TestEraseAnalyticsUser erases one user's analytics in one project: its views
// and events go, its hours are marked for the rollup, another user's and the
// other project's data stay, and the erasure is audited.
func TestEraseAnalyticsUser(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj, other := s.CreateProject(org, "Docs"), s.CreateProject(org, "Other")
		video, otherVideo := s.CreateVideo(proj, "", "Clip"), s.CreateVideo(other, "", "Clip")
		at := time.Now().Add(-3 * time.Hour)
		seedAnalyticsView(s, proj, video, "alice", at)
		seedAnalyticsView(s, proj, video, "alice", at.Add(2*time.Hour))
		seedAnalyticsView(s, proj, video, "bob", at)
		seedAnalyticsView(s, other, otherVideo, "alice", at)

		// Rolled up before (SeedView marks its hour dirty, as the writer does):
		// three attempts in the project.
		rollup(t, s)
		if n := s.SQLInt(`SELECT COALESCE(SUM(attempts), 0) FROM analytics_hourly WHERE project_id = ?`, proj); n != 3 {
			t.Fatalf("attempts before the erasure = %d, want 3", n)
		}
		aliceViewerRows := `SELECT COUNT(*) FROM analytics_viewer_daily WHERE user_id = 'alice' AND project_id = ?`
		if n := s.SQLInt(aliceViewerRows, proj); n == 0 {
			t.Fatalf("no viewer-rollup rows of alice before the erasure")
		}
		status, env := s.REST("DELETE", "/v1/projects/"+proj+"/users/alice/analytics", "")
		if status != http.StatusOK || string(env.Result) != `{"user_id":"alice","views":2,"events":4}` {
			t.Fatalf("erase: %d %s %s", status, env.Message, env.Result)
		}
		for q, want := range map[string]int{
			`SELECT COUNT(*) FROM analytics_views WHERE user_id = 'alice'`: 1,
			aliceEvents: 2,
			// The viewer rollup holds users: alice's rows go with the erasure, not
			// at the next rollup run; the other project's stay.
			strings.Replace(aliceViewerRows, "?", "'"+proj+"'", 1):                                               0,
			strings.Replace(aliceViewerRows, "?", "'"+other+"'", 1):                                              1,
			`SELECT COUNT(*) FROM analytics_views WHERE user_id = 'bob'`:                                         1,
			`SELECT COUNT(*) FROM audit_logs WHERE entity_type = 'AnalyticsUser' AND entity_id = '` + proj + `'`: 1,
		} {
			if n := s.SQLInt(q); n != want {
				t.Errorf("%s = %d, want %d", q, n, want)
			}
		}
		// The next rollup drops the erased views.
		rollup(t, s)
		if n := s.SQLInt(`SELECT COALESCE(SUM(attempts), 0) FROM analytics_hourly WHERE project_id = ?`, proj); n != 1 {
			t.Errorf("attempts after the erasure = %d, want 1", n)
		}
		// Again: nothing left, zero counts.
		status, env = s.REST("DELETE", "/v1/projects/"+proj+"/users/alice/analytics", "")
		if status != http.StatusOK || string(env.Result) != `{"user_id":"alice","views":0,"events":0}` {
			t.Fatalf("erase again: %d %s", status, env.Result)
		}
		long := strings.Repeat("x", 129)
		if status, env := s.REST("DELETE", "/v1/projects/"+proj+"/users/"+long+"/analytics", ""); status != http.StatusBadRequest {
			t.Errorf("129-character user: %d %s", status, env.Message)
		}
	})
}
