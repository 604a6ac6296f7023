package reports_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// watch writes a view of user in the project, started at t0, with a few events.
func (f *fixture) watch(t *testing.T, video uuid.UUID, user string, t0 time.Time) uuid.UUID {
	t.Helper()
	view := uuid.New()
	ms := t0.UnixMilli()
	rec := &analytics.ViewRecord{Project: f.Project, Video: video, View: view, UserID: user, SessionID: "s-" + user,
		Device: "desktop", StreamType: "on_demand", DurationMs: 600_000, GapCapMs: 20_000,
		Events: []analytics.Event{{Seq: 0, Type: analytics.EvViewStart, TsMs: ms}, {Seq: 1, Type: analytics.EvPlaying, TsMs: ms + 100},
			{Seq: 2, Type: analytics.EvHeartbeat, TsMs: ms + 10_100, PlayMs: 10_000}}}
	if err := f.store.Write(context.Background(), analytics.WriteBatch{Views: []*analytics.ViewRecord{rec}}); err != nil {
		t.Fatal(err)
	}
	return view
}

func TestListsPageThroughTheStore(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			video := f.Client.Video.Create().SetProjectID(f.Project).SetTitle("clip").SaveX(f.System).ID
			t0 := time.Now().Add(-2 * time.Hour).Truncate(time.Second)
			older := f.watch(t, video, "u1", t0)
			newer := f.watch(t, video, "u1", t0.Add(time.Minute))
			f.watch(t, video, "u2", t0)
			f.watch(t, video, "u3", t0)
			if _, err := f.store.Rollup(context.Background()); err != nil {
				t.Fatal(err)
			}

			var users []string
			var after *string
			for range 3 {
				page, err := f.svc.Users(f.Owner, f.Project, nil, nil, ptr(2), after)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range page.Edges {
					users = append(users, e.Node.UserID)
				}
				if !page.HasNextPage {
					break
				}
				after = page.EndCursor()
			}
			if len(users) != 3 || users[0] != "u1" || users[1] != "u2" || users[2] != "u3" {
				t.Fatalf("users %v, want u1 u2 u3 over two pages", users)
			}

			videos, err := f.svc.Videos(f.Owner, f.Project, ptr("u1"), nil, nil, nil, nil)
			if err != nil || len(videos.Edges) != 1 || videos.Edges[0].Node.MediaID != video || videos.Edges[0].Node.Views != 2 || videos.HasNextPage {
				t.Fatalf("u1's videos: %+v, %v", videos, err)
			}

			first, err := f.svc.Sessions(f.Owner, f.Project, "u1", nil, nil, ptr(1), nil)
			if err != nil || len(first.Edges) != 1 || first.Edges[0].Node.ViewID != newer || !first.HasNextPage {
				t.Fatalf("u1's first session page: %+v, %v", first, err)
			}
			second, err := f.svc.Sessions(f.Owner, f.Project, "u1", nil, nil, ptr(1), first.EndCursor())
			if err != nil || len(second.Edges) != 1 || second.Edges[0].Node.ViewID != older || second.HasNextPage {
				t.Fatalf("u1's second session page: %+v, %v", second, err)
			}

			log, err := f.svc.PlayerLog(f.Owner, f.Project, "u2", nil, nil, ptr(2), nil)
			if err != nil || len(log.Edges) != 2 || !log.HasNextPage {
				t.Fatalf("u2's player log: %+v, %v", log, err)
			}
			rest, err := f.svc.PlayerLog(f.Owner, f.Project, "u2", nil, nil, nil, log.EndCursor())
			if err != nil || len(rest.Edges) != 1 || rest.HasNextPage || rest.EndCursor() == nil {
				t.Fatalf("u2's player log after %s: %+v, %v", *log.EndCursor(), rest, err)
			}
			empty, err := f.svc.PlayerLog(f.Owner, f.Project, "nobody", nil, nil, nil, nil)
			if err != nil || empty.Edges == nil || len(empty.Edges) != 0 || empty.EndCursor() != nil {
				t.Fatalf("nobody's player log: %+v, %v; want no edges (not nil)", empty, err)
			}
		})
	}
}
