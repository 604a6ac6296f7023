package videolifecycle

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/ent/video"
)

// TestTransitionTable spells out, for every event and every status, whether
// the event applies, and the status it leads to.
func TestTransitionTable(t *testing.T) {
	const (
		c  = video.StatusCreated
		u  = video.StatusUploading
		p  = video.StatusProcessing
		r  = video.StatusReady
		f  = video.StatusFailed
		l  = video.StatusLive
		nw = fresh
	)
	want := map[event]struct {
		from []video.Status
		to   video.Status
	}{
		importRequested:     {[]video.Status{nw}, u},
		clipRequested:       {[]video.Status{nw}, u},
		liveStarted:         {[]video.Status{nw}, l},
		uploadStarted:       {[]video.Status{c, u}, u},
		sourceRecorded:      {[]video.Status{c, u}, u},
		uploadRefused:       {[]video.Status{c, u}, f},
		uploadsAbandoned:    {[]video.Status{c, u}, f},
		liveRecorded:        {[]video.Status{l}, u},
		liveRecordedNothing: {[]video.Status{l}, f},
		processingStarted:   {[]video.Status{u, p}, p},
		processingFinished:  {[]video.Status{p}, r},
		processingFailed:    {[]video.Status{u, p}, f},
	}
	if len(want) != len(transitions) {
		t.Fatalf("the table has %d events, the test knows %d", len(transitions), len(want))
	}
	every := append([]video.Status{nw}, video.StatusCreated, video.StatusUploading, video.StatusProcessing,
		video.StatusReady, video.StatusFailed, video.StatusLive)
	for e, w := range want {
		if got := transitions[e].to; got != w.to {
			t.Errorf("%s leads to %q, want %q", e, got, w.to)
		}
		for _, s := range every {
			ok := false
			for _, from := range w.from {
				ok = ok || from == s
			}
			if got := allowed(e, s); got != ok {
				t.Errorf("%s from %q allowed = %v, want %v", e, s, got, ok)
			}
		}
	}
	if allowed("NoSuchEvent", video.StatusCreated) {
		t.Error("an unknown event is allowed")
	}
	// Every status is reached by some event or is the default, and no event
	// leaves ready or failed.
	for _, s := range every[1:] {
		reached := s == video.DefaultStatus
		for e := range transitions {
			reached = reached || transitions[e].to == s
			if (s == video.StatusReady || s == video.StatusFailed) && allowed(e, s) {
				t.Errorf("%s leaves the final status %s", e, s)
			}
		}
		if !reached {
			t.Errorf("no event leads to %s", s)
		}
	}
}

// allowed reports whether e applies to a video in status from: the table read
// as the moves' WHERE clauses read it.
func allowed(e event, from video.Status) bool {
	t, ok := transitions[e]
	return ok && slices.Contains(t.from, from)
}
