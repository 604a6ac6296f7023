package browsertest_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// TestStudioAnalytics: the test's user has a project whose player reported six
// views (seeded into the analytics store: four in the last hours, two three days
// ago, in two countries, on two videos) and an empty project. The user signs in
// through the console and opens Analytics (browser/studio/scenarios/analytics.mjs):
// the charts are drawn, their tables and the totals show the seeded counts; the
// world map fills the seeded countries (unlike the others) and titles them; the
// range and a country filter change the URL and the numbers; a reload keeps the
// view; the CSV files downloaded hold the same figures; a custom range of one day
// shows that day's views; a live beacon raises the viewers now; the empty project
// says so. On both databases; axe-core finds no serious violation.
func TestStudioAnalytics(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		var orgs struct {
			Organizations struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
		s.MustGraphQL(`{ organizations(first: 10) { edges { node { id } } } }`, nil, &orgs)
		if len(orgs.Organizations.Edges) == 0 {
			t.Fatal("the signed-up user has no organization")
		}
		org := orgs.Organizations.Edges[0].Node.ID
		project := s.CreateProject(org, "Launch films")
		empty := s.CreateProject(org, "Quiet project")
		folder := s.CreateFolder(project, "", "Promos")
		trailer := s.CreateVideo(project, folder, "Launch trailer")
		making := s.CreateVideo(project, "", "Behind the scenes")

		now := time.Now().UTC()
		recent := now.Add(-2 * time.Hour).Truncate(time.Hour).Add(10 * time.Minute)
		older := now.Add(-72 * time.Hour).Truncate(time.Hour).Add(20 * time.Minute)
		p, fld := uuid.MustParse(project), uuid.MustParse(folder)
		startup := int64(800)
		seed := func(video string, folder *uuid.UUID, at time.Time, n int, country, device, browser string, watchedMs int64) {
			for i := 0; i < n; i++ {
				s.SeedView(apptest.AnalyticsView{
					Project: p, Video: uuid.MustParse(video), Folder: folder, Started: at.Add(time.Duration(i) * time.Minute),
					Viewer: fmt.Sprintf("viewer-%s-%d", country, i), Session: uuid.NewString(), Country: country, Device: device, OS: "Windows",
					Browser: browser, PlayerSoftware: "vidra", StartupMs: &startup, WatchedMs: watchedMs,
					DurationMs: 120000, MaxPlayheadMs: watchedMs,
				})
			}
		}
		seed(trailer, &fld, recent, 3, "FR", "desktop", "Chrome", 60000)
		seed(making, nil, recent, 1, "US", "mobile", "Safari", 30000)
		seed(trailer, &fld, older, 2, "DE", "desktop", "Firefox", 90000)
		s.FlushAnalytics()

		browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "analytics", Shots: studioShots(t),
			Env: map[string]any{
				"email": apptest.DefaultEmail, "password": apptest.DefaultPassword,
				"project": project, "emptyProject": empty, "trailer": trailer, "making": making,
				"recentHour": recent.Truncate(time.Hour).Format("2006-01-02 15:04"),
				"olderHour":  older.Truncate(time.Hour).Format("2006-01-02 15:04"),
				"olderDay":   older.Format("2006-01-02"),
			},
		})
	})
}
