package transcodelifecycle

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/ent/transcodingjob"
)

// TestTransitionTable spells out, for every event and every status, whether
// the event applies, and the status it leads to.
func TestTransitionTable(t *testing.T) {
	const (
		q = transcodingjob.StatusQueued
		r = transcodingjob.StatusRunning
		s = transcodingjob.StatusSucceeded
		f = transcodingjob.StatusFailed
		c = transcodingjob.StatusCanceled
	)
	all := []transcodingjob.Status{q, r, s, f, c}
	want := map[event]struct {
		from []transcodingjob.Status
		to   transcodingjob.Status
	}{
		started:   {[]transcodingjob.Status{q, r}, r},
		succeeded: {[]transcodingjob.Status{r}, s},
		failed:    {[]transcodingjob.Status{r}, f},
		canceled:  {[]transcodingjob.Status{q, r}, c},
	}
	if len(want) != len(transitions) {
		t.Fatalf("the table has %d events, the test knows %d", len(transitions), len(want))
	}
	for e, w := range want {
		if got := transitions[e].to; got != w.to {
			t.Errorf("%s leads to %q, want %q", e, got, w.to)
		}
		for _, st := range all {
			if got, ok := slices.Contains(transitions[e].from, st), slices.Contains(w.from, st); got != ok {
				t.Errorf("%s from %q allowed = %v, want %v", e, st, got, ok)
			}
		}
	}
	// Every status is reached, and no event leaves a final one.
	for _, st := range all {
		reached := st == transcodingjob.DefaultStatus
		for e := range transitions {
			reached = reached || transitions[e].to == st
			if (st == s || st == f || st == c) && slices.Contains(transitions[e].from, st) {
				t.Errorf("%s leaves the final status %s", e, st)
			}
		}
		if !reached {
			t.Errorf("no event leads to %s", st)
		}
	}
}
