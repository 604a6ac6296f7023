package streamlifecycle

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/ent/livestream"
)

// TestTransitionTable spells out, for every event and every status, whether
// the event applies, and the status it leads to.
func TestTransitionTable(t *testing.T) {
	const (
		i = livestream.StatusIdle
		a = livestream.StatusActive
		d = livestream.StatusDisconnected
		x = livestream.StatusDisabled
	)
	all := []livestream.Status{i, a, d, x}
	want := map[event]struct {
		from []livestream.Status
		to   livestream.Status
	}{
		publisherConnected:   {all, a},
		publisherReconnected: {[]livestream.Status{a, d}, a},
		publisherLeft:        {[]livestream.Status{a}, d},
		nodeLost:             {[]livestream.Status{a}, d},
		sessionEnded:         {all, i},
		sessionEndedDisabled: {all, x},
		enabled:              {[]livestream.Status{x}, i},
		disabled:             {all, x},
	}
	if len(want) != len(transitions) {
		t.Fatalf("the table has %d events, the test knows %d", len(transitions), len(want))
	}
	for e, w := range want {
		if got := transitions[e].to; got != w.to {
			t.Errorf("%s leads to %q, want %q", e, got, w.to)
		}
		for _, s := range all {
			if got, ok := slices.Contains(transitions[e].from, s), slices.Contains(w.from, s); got != ok {
				t.Errorf("%s from %q allowed = %v, want %v", e, s, got, ok)
			}
		}
	}
	for _, s := range all {
		reached := s == livestream.DefaultStatus
		for e := range transitions {
			reached = reached || transitions[e].to == s
		}
		if !reached {
			t.Errorf("no event leads to %s", s)
		}
	}
}
