package analytics

import "github.com/google/uuid"

// Player states of a view, as the events move it.
const (
	stIdle      = "idle"
	stPlaying   = "playing"
	stPaused    = "paused"
	stSeeking   = "seeking"
	stBuffering = "buffering"
	stEnded     = "ended"
)

// viewFold is a view's figures folded from its events in seq order: the
// watch-time rules live here. Folding the same events always gives the same
// figures, so a view can be rebuilt from analytics_events at any time.
type viewFold struct {
	// GapCapMs bounds the time one interval between two events may count (two
	// heartbeats): a player that went silent is not credited for the silence.
	GapCapMs int64
	// DurationMs is the video's duration; playheads are clamped to it (0: unknown).
	DurationMs int64

	// Ref is the view's number (analytics_views.ref), Project and Video its
	// owners: not figures, the writer's cache of them.
	Ref            int64
	Project, Video uuid.UUID

	n           int // events folded
	LastSeq     int
	StartMs     int64 // time of the first event
	FirstPlayMs int64 // time of the first playing event, 0 before
	IntentMs    int64 // time of the last play event before the first playing, 0 if none
	LastMs      int64
	LastPt      int64
	State       string
	resume      string // state to return to after a seek or a rebuffer
	rate        float64
	maxRate     float64 // the highest rate reported
	// FirstSeenMs is when the server first wrote the view (epoch ms, its clock):
	// the start of the wall time that bounds the credited watch time
	// (creditedMs). Not a figure of the events: the writer keeps it.
	FirstSeenMs int64

	WatchedMs     int64
	RebufferMs    int64
	RebufferCount int
	ErrorCount    int
	FatalCode     string
	MaxPt         int64
	Completed     bool
}

// newFold is the fold of a view with no events yet.
func newFold(gapCapMs, durationMs int64) *viewFold {
	return &viewFold{GapCapMs: gapCapMs, DurationMs: durationMs, State: stIdle, rate: 1, maxRate: 1, LastSeq: -1}
}

// apply folds the next event (by seq) into the view.
//
// Watch time is media time played while in the playing state: for each interval
// between two events spent playing, the playhead's advance, but at most the
// interval's wall time (capped at GapCapMs) x rate + 10 %; when the playhead did
// not move forward (a seek, a loop) or is unknown (CMCD without pt), the
// interval's wall time x rate. Playheads
// are clamped to the duration. What is stored is bounded further by the
// server's clock and the duration (creditedMs). Rebuffer time is wall time spent buffering after
// playback started, capped the same way.
func (f *viewFold) apply(e Event) {
	known := e.PlayMs >= 0
	pt := e.PlayMs
	if !known {
		pt = f.LastPt
	}
	if f.DurationMs > 0 && pt > f.DurationMs {
		pt = f.DurationMs
	}
	if f.n == 0 {
		f.StartMs, f.LastMs, f.LastPt = e.TsMs, e.TsMs, pt
	}
	f.n++
	elapsed := e.TsMs - f.LastMs
	if elapsed < 0 {
		elapsed = 0
	}
	if f.GapCapMs > 0 && elapsed > f.GapCapMs {
		elapsed = f.GapCapMs
	}
	switch f.State {
	case stPlaying:
		bound := int64(float64(elapsed) * f.rate * 1.1)
		credit := int64(float64(elapsed) * f.rate)
		if d := pt - f.LastPt; known && d >= 0 && e.Type != EvSeeking {
			credit = min(d, bound)
		}
		f.WatchedMs += credit
	case stBuffering:
		f.RebufferMs += elapsed
	}
	if e.Type != EvSeeking && pt > f.MaxPt {
		f.MaxPt = pt
	}
	f.transition(e)
	if e.Rate > 0 {
		f.rate = e.Rate
		f.maxRate = max(f.maxRate, e.Rate)
	}
	if e.TsMs > f.LastMs {
		f.LastMs = e.TsMs
	}
	f.LastPt = pt
	f.LastSeq = e.Seq
	if f.DurationMs > 0 && f.MaxPt >= f.DurationMs-1000 && f.MaxPt > 0 {
		f.Completed = true
	}
}

// transition moves the player state by an event.
func (f *viewFold) transition(e Event) {
	switch e.Type {
	case EvPlay:
		if f.FirstPlayMs == 0 {
			f.IntentMs = max(e.TsMs, 1)
		}
	case EvPlaying:
		if f.FirstPlayMs == 0 {
			f.FirstPlayMs = max(e.TsMs, 1)
		}
		f.State = stPlaying
	case EvPause:
		f.State = stPaused
	case EvSeeking:
		if f.State != stSeeking {
			f.resume = f.State
		}
		f.State = stSeeking
	case EvSeeked:
		if f.State == stSeeking {
			f.State = f.resume
		}
	case EvRebufferStart:
		if f.FirstPlayMs != 0 && f.State != stBuffering {
			f.RebufferCount++
			f.resume = f.State
			f.State = stBuffering
		}
	case EvRebufferEnd:
		if f.State == stBuffering {
			f.State = stPlaying
		}
	case EvError:
		f.ErrorCount++
		if e.Fatal {
			f.FatalCode = e.Code
			if f.FatalCode == "" {
				f.FatalCode = "unknown"
			}
			f.State = stEnded
		}
	case EvEnded:
		f.Completed = true
		f.State = stEnded
	case EvViewEnd:
		f.State = stEnded
	}
}

// startupMs is the video startup time, nil when playback never started: from
// the viewer's request to play (the last play event before the first playing)
// to the first frame (the first playing), as Mux Data defines it, so the time
// a page sat loaded before its viewer clicked play is not counted. A player that
// sends no play event (CMCD, older beacons) is measured from its first event.
func (f *viewFold) startupMs() *int64 {
	if f.FirstPlayMs == 0 {
		return nil
	}
	from := f.StartMs
	if f.IntentMs > 0 {
		from = f.IntentMs
	}
	d := max(f.FirstPlayMs-from, 0)
	return &d
}
