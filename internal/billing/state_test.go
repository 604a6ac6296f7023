package billing

import (
	"errors"
	"testing"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// TestTransitions checks every pair of statuses against the design's table.
func TestTransitions(t *testing.T) {
	allowed := map[[2]string]bool{
		{catalog.Pending, catalog.Trialing}:    true,
		{catalog.Pending, catalog.Active}:      true,
		{catalog.Pending, catalog.Canceled}:    true,
		{catalog.Trialing, catalog.Active}:     true,
		{catalog.Trialing, catalog.PastDue}:    true,
		{catalog.Trialing, catalog.Terminated}: true,
		{catalog.Active, catalog.PastDue}:      true,
		{catalog.Active, catalog.Terminated}:   true,
		{catalog.PastDue, catalog.Active}:      true,
		{catalog.PastDue, catalog.Unpaid}:      true,
		{catalog.Unpaid, catalog.Active}:       true,
		{catalog.Unpaid, catalog.Terminated}:   true,
	}
	all := append([]string{""}, catalog.Statuses...)
	for _, from := range all {
		for _, to := range all {
			want := allowed[[2]string{from, to}]
			if got := CanTransition(from, to); got != want {
				t.Errorf("%q -> %q: allowed %v, want %v", from, to, got, want)
			}
			err := checkTransition(from, to)
			var te *TransitionError
			if want != (err == nil) || (!want && !errors.As(err, &te)) {
				t.Errorf("%q -> %q: checkTransition = %v", from, to, err)
			}
		}
	}
	for _, s := range []string{catalog.Canceled, catalog.Terminated} {
		if !IsFinal(s) {
			t.Errorf("%s is not final", s)
		}
	}
}
