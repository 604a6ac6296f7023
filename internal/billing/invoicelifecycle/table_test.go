package invoicelifecycle

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/ent/invoice"
)

// TestTransitionTable spells out, for every event and every status, whether
// the event applies, and the status it leads to.
func TestTransitionTable(t *testing.T) {
	const (
		dr = invoice.StatusDraft
		fi = invoice.StatusFinalized
		pa = invoice.StatusPaid
		vo = invoice.StatusVoid
		un = invoice.StatusUncollectible
	)
	all := []invoice.Status{dr, fi, pa, vo, un}
	want := map[event]transition{
		finalized:   {[]invoice.Status{dr}, fi},
		settledZero: {[]invoice.Status{dr}, pa},
		paid:        {[]invoice.Status{fi}, pa},
		voided:      {[]invoice.Status{fi}, vo},
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
			if err := check(e, st); (err == nil) != slices.Contains(w.from, st) {
				t.Errorf("check(%s, %q) = %v", e, st, err)
			}
		}
	}
	// No event leaves a final status; uncollectible is never reached.
	for e := range transitions {
		for _, st := range []invoice.Status{pa, vo, un} {
			if slices.Contains(transitions[e].from, st) {
				t.Errorf("%s leaves the final status %s", e, st)
			}
		}
		if transitions[e].to == un {
			t.Errorf("%s reaches uncollectible", e)
		}
	}
}
