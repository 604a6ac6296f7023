package fault

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/privacy"
)

// TestClassifyGivesEveryErrorOneKind checks the kinds Classify gives the errors
// the domain packages pass up, and that a classified error passes through
// unchanged, wrapped or not.
func TestClassifyGivesEveryErrorOneKind(t *testing.T) {
	own := FieldError("title", "title: too long")
	cases := []struct {
		name string
		err  error
		kind Kind
	}{
		{"own error", own, KindInvalidInput},
		{"own error wrapped", fmt.Errorf("update: %w", own), KindInvalidInput},
		{"ent not found", &ent.NotFoundError{}, KindNotFound},
		{"privacy deny", fmt.Errorf("rule: %w", privacy.Deny), KindForbidden},
		{"canceled", context.Canceled, KindBadRequest},
		{"anything else", errors.New("disk on fire"), KindInternal},
	}
	for _, c := range cases {
		if got := KindOf(c.err); got != c.kind {
			t.Errorf("%s: kind %s, want %s", c.name, got, c.kind)
		}
	}
	if got := Classify(fmt.Errorf("x: %w", own)); got != own {
		t.Errorf("a wrapped classified error came back as %#v, not itself", got)
	}
}

// TestInternalErrorsHideTheirCause checks that an unknown error shows only a
// generic message while keeping its cause for the log, and that Wrap does the
// same for a message of the caller's.
func TestInternalErrorsHideTheirCause(t *testing.T) {
	cause := errors.New("pq: password authentication failed for user vidra")
	got := Classify(cause)
	if got.Message != "internal error" || !errors.Is(got, cause) {
		t.Fatalf("Classify of an unknown error: message %q, cause kept %v", got.Message, errors.Is(got, cause))
	}
	w := Wrap(KindInternal, "Vimeo could not be reached", cause)
	if w.Error() != "Vimeo could not be reached" || w.Unwrap() != cause {
		t.Fatalf("Wrap: %q over %v", w.Error(), w.Unwrap())
	}
	if nf := NotFound("folder"); nf.Kind != KindNotFound || nf.Message != "folder not found" {
		t.Fatalf("NotFound: %+v", nf)
	}
}
