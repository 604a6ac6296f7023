package streamlifecycle

import (
	"errors"
	"fmt"
)

// ErrRefused is what a move returns when the stream is not in one of the
// event's from-states or no longer matches the caller's conditions (a stale
// or illegal transition): nothing was changed.
var ErrRefused = errors.New("live stream status transition refused")

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a live stream's status other than through this package.
var ErrOutsideLifecycle = errors.New("a live stream's status is set only by package streamlifecycle")

// refused is the ErrRefused of event e.
func refused(e event) error {
	return fmt.Errorf("%w: %s (allowed from %v)", ErrRefused, e, transitions[e].from)
}
