package analytics

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/testdb"
)

// startupViews are views whose startup time is known: the page loads (viewstart)
// at t0, the viewer waits before asking to play (play), then the first frame
// comes (playing). want is the stored startup_ms.
func startupViews(project, video uuid.UUID, t0 int64) []struct {
	name string
	rec  *ViewRecord
	want int64
} {
	ev := func(seq int, typ string, at int64) Event { return Event{Seq: seq, Type: typ, TsMs: t0 + at} }
	return []struct {
		name string
		rec  *ViewRecord
		want int64
	}{
		// Clicked play 3 s after the page loaded; the first frame 400 ms later.
		{"click after a wait", rec(project, video, "DE", []Event{ev(0, EvViewStart, 0), ev(1, EvPlay, 3000), ev(2, EvPlaying, 3400)}), 400},
		// Autoplay refused, then a click at 9 s: the wait is from the click.
		{"autoplay refused, then a click", rec(project, video, "DE", []Event{ev(0, EvViewStart, 0), ev(1, EvPlay, 50), ev(2, EvPlay, 9000),
			ev(3, EvPlaying, 9250), ev(4, EvPause, 12000), ev(5, EvPlay, 15000), ev(6, EvPlaying, 15100)}), 250},
		// A player that sends no play event: from its first event, as before.
		{"no play event", rec(project, video, "DE", []Event{ev(0, EvViewStart, 0), ev(1, EvPlaying, 1200)}), 1200},
	}
}

// TestStartupTimeFromPlayIntent: the stored video startup time runs from the
// viewer's request to play (the last play event before the first playing), not
// from the page's load (viewstart); without a play event, from the first event.
func TestStartupTimeFromPlayIntent(t *testing.T) {
	project, video := uuid.New(), uuid.New()
	t0 := time.Now().Add(-time.Hour).UnixMilli()
	for _, c := range startupViews(project, video, t0) {
		f := newFold(c.rec.GapCapMs, 0)
		for _, e := range c.rec.Events {
			f.apply(e)
		}
		if got := f.startupMs(); got == nil || *got != c.want {
			t.Errorf("%s: startup %s, want %d ms", c.name, fmtMs(got), c.want)
		}
	}
	f := newFold(20_000, 0)
	f.apply(Event{Seq: 0, Type: EvViewStart, TsMs: t0})
	f.apply(Event{Seq: 1, Type: EvPlay, TsMs: t0 + 10})
	if got := f.startupMs(); got != nil {
		t.Errorf("a view asked to play that never played: startup %d, want none", *got)
	}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db, w := openWriter(t, d)
			views := startupViews(project, video, t0)
			for _, c := range views {
				if err := w.enqueue(item{view: c.rec}); err != nil {
					t.Fatal(err)
				}
			}
			mustFlush(t, w)
			for _, c := range views {
				if got := queryInt(t, db, `SELECT startup_ms FROM analytics_views WHERE id = $1`, c.rec.View); got != c.want {
					t.Errorf("%s: stored startup_ms %d, want %d", c.name, got, c.want)
				}
			}
		})
	}
}

// fmtMs prints an optional duration in ms.
func fmtMs(ms *int64) string {
	if ms == nil {
		return "none"
	}
	return time.Duration(*ms * int64(time.Millisecond)).String()
}
