package analytics

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestWatchTimeFollowsTheServerClock: a view's beacons claiming ten minutes
// of play the server has not seen pass are credited the minute of slack; once
// the server's clock has moved on ten minutes (a later beacon), the view is
// credited in full. The bound holds after the writer forgets the view too
// (rebuilt from the stored row: its credit and last write, plus the slack).
func TestWatchTimeFollowsTheServerClock(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d).SQL
			store := NewSQLStore(db, d)
			clock := time.Now().Truncate(time.Second) // updated_at is in seconds
			store.now = func() time.Time { return clock }
			project, video, view := uuid.New(), uuid.New(), uuid.New()
			t0 := clock.Add(-10 * time.Minute).UnixMilli()
			events := []Event{{Seq: 0, Type: EvViewStart, TsMs: t0}, {Seq: 1, Type: EvPlaying, TsMs: t0}}
			for i := 2; i <= 61; i++ { // heartbeats every 10 s: 10 minutes played
				events = append(events, Event{Seq: i, Type: EvHeartbeat, TsMs: t0 + int64(i-1)*10_000, PlayMs: int64(i-1) * 10_000})
			}
			write := func(evs []Event) int64 {
				t.Helper()
				rec := &ViewRecord{Project: project, Video: video, View: view, SessionID: "s", Device: "desktop",
					StreamType: "on_demand", DurationMs: 3_600_000, GapCapMs: 20_000, Events: evs}
				if err := store.Write(context.Background(), WriteBatch{Views: []*ViewRecord{rec}}); err != nil {
					t.Fatal(err)
				}
				var w int64
				if err := db.QueryRow(`SELECT watched_ms FROM analytics_views WHERE id = $1`, view).Scan(&w); err != nil {
					t.Fatal(err)
				}
				return w
			}
			if w := write(events[:50]); w != watchSlackMs {
				t.Fatalf("first beacon credited %d ms, want %d (the slack)", w, watchSlackMs)
			}
			clock = clock.Add(5 * time.Minute)
			store.folds = map[uuid.UUID]*viewFold{} // forgotten: rebuilt from the stored row
			// What it was credited, the 5 minutes since and, rebuilt, the slack again.
			if w := write(events[50:55]); w != 2*watchSlackMs+5*60_000 {
				t.Fatalf("after 5 minutes credited %d ms, want %d", w, 2*watchSlackMs+5*60_000)
			}
			clock = clock.Add(5 * time.Minute)
			if w := write(events[55:]); w != 600_000 {
				t.Fatalf("after 10 minutes credited %d ms, want the 600000 played", w)
			}
		})
	}
}
