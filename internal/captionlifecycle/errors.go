package captionlifecycle

import (
	"errors"
	"fmt"
)

// ErrRefused is what a move returns when the caption generation is not in
// one of the event's from-states (a stale or illegal transition): nothing
// changed.
var ErrRefused = errors.New("caption generation status transition refused")

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a caption generation's status other than through this package.
var ErrOutsideLifecycle = errors.New("a caption generation's status is set only by package captionlifecycle")

// refused is the ErrRefused of event e.
func refused(e event) error {
	return fmt.Errorf("%w: %s (allowed from %v)", ErrRefused, e, transitions[e].from)
}
