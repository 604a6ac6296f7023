package analytics_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// rateEv is a beacon event with a playback rate.
type rateEv struct {
	Seq  int     `json:"seq"`
	E    string  `json:"e"`
	T    int64   `json:"t"`
	Pt   int64   `json:"pt"`
	Rate float64 `json:"rate,omitempty"`
}

// TestCollectWatchTimeBounded: one beacon claiming hours of play (client
// clocks and playheads are the client's) is credited at most three times the
// media's duration, and at most the server-observed wall time of the view plus
// a minute; an honest viewer's figures are unchanged.
func TestCollectWatchTimeBounded(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := s.CreateProject(s.CreateOrganization("Acme"), "Watch")
		short := s.CreateVideo(project, "", "Two seconds")
		long := s.CreateVideo(project, "", "Three hours")
		honest := s.CreateVideo(project, "", "Thirty seconds")
		for video, seconds := range map[string]int{short: 2, long: 3 * 3600, honest: 30} {
			if _, err := s.App.DB.SQL.Exec(`UPDATE videos SET duration = `+placeholder(s)+` WHERE id = '`+video+`'`, seconds); err != nil {
				t.Fatal(err)
			}
		}
		// 500 events 20 s apart (two heartbeats: the most an interval counts),
		// all within the last 7 days.
		hostile := func(video string, rate float64, pt func(i int) int64) (string, []rateEv) {
			t0 := time.Now().Add(-500 * 20 * time.Second).UnixMilli()
			events := []rateEv{{0, "viewstart", t0, 0, 0}, {1, "playing", t0 + 1, 0, rate}}
			for i := 2; i < 500; i++ {
				events = append(events, rateEv{i, "heartbeat", t0 + int64(i-1)*20_000, pt(i), 0})
			}
			return uuid.NewString(), events
		}
		type body struct {
			V       int      `json:"v"`
			ViewID  string   `json:"view_id"`
			VideoID string   `json:"video_id"`
			Events  []rateEv `json:"events"`
		}
		// The finding: a 2 s video "looped" at rate 16 (the playhead going back
		// counts the interval's wall time x rate): 22.2 h on the old rules.
		loopView, loop := hostile(short, 16, func(i int) int64 { return int64(i%2) * 2000 })
		// A 3 h video played at rate 1 for 2.8 h of client clock, in one beacon.
		rushView, rush := hostile(long, 1, func(i int) int64 { return int64(i-1) * 20_000 })
		for _, b := range []body{{1, loopView, short, loop}, {1, rushView, long, rush}} {
			if st, _, resp := post(t, s, project, b, nil); st != http.StatusNoContent {
				t.Fatalf("beacon: %d %s", st, resp)
			}
		}
		honestView := uuid.NewString()
		t0 := time.Now().Add(-2 * time.Minute).UnixMilli()
		if st, _, resp := post(t, s, project, beacon{V: 1, ViewID: honestView, SessionID: "s", VideoID: honest, Events: script(t0)}, nil); st != http.StatusNoContent {
			t.Fatalf("honest beacon: %d %s", st, resp)
		}
		s.FlushAnalytics()
		t.Logf("credited: looped 2 s video %d ms, 2.8 h in one beacon %d ms", readView(t, s, loopView).watched, readView(t, s, rushView).watched)
		if w := readView(t, s, loopView).watched; w > 3*2000 {
			t.Errorf("the looped 2 s video is credited %d ms (%.1f h), want at most 3 x its duration", w, float64(w)/3.6e6)
		}
		if w := readView(t, s, rushView).watched; w > 60_000 {
			t.Errorf("one beacon is credited %d ms (%.1f h), want at most the wall time seen plus 60 s", w, float64(w)/3.6e6)
		}
		if w := readView(t, s, honestView).watched; w != 30_000 {
			t.Errorf("the honest viewer is credited %d ms, want 30000 as before", w)
		}
	})
}
