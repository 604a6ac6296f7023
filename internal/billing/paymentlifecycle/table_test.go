package paymentlifecycle

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/ent/transaction"
)

// TestTransitionTable spells out every event's from-states and the status it
// leads to: a transaction is created pending or succeeded, and only a pending
// one moves.
func TestTransitionTable(t *testing.T) {
	p, s, f := transaction.StatusPending, transaction.StatusSucceeded, transaction.StatusFailed
	want := map[event]transition{
		opened:    {nil, p},
		recorded:  {nil, s},
		succeeded: {[]transaction.Status{p}, s},
		failed:    {[]transaction.Status{p}, f},
	}
	if len(want) != len(transitions) {
		t.Fatalf("the table has %d events, the test knows %d", len(transitions), len(want))
	}
	for e, w := range want {
		if got := transitions[e]; got.to != w.to || !slices.Equal(got.from, w.from) {
			t.Errorf("%s is %v -> %s, want %v -> %s", e, got.from, got.to, w.from, w.to)
		}
	}
}
