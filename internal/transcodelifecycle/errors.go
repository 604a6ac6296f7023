package transcodelifecycle

import (
	"errors"
	"fmt"
)

// ErrRefused is what a move returns when the job is not in one of the
// event's from-states or no longer matches the caller's conditions (a stale
// or illegal transition): nothing was changed.
var ErrRefused = errors.New("transcoding job status transition refused")

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a transcoding job's status other than through this package.
var ErrOutsideLifecycle = errors.New("a transcoding job's status is set only by package transcodelifecycle")

// refused is the ErrRefused of event e.
func refused(e event) error {
	return fmt.Errorf("%w: %s (allowed from %v)", ErrRefused, e, transitions[e].from)
}
