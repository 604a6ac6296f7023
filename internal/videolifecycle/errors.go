package videolifecycle

import (
	"errors"
	"fmt"

	"github.com/vidra-dev/vidra/ent/video"
)

// ErrRefused is what a move returns when the video is not in one of the
// event's from-states (a stale or illegal transition): nothing was changed.
var ErrRefused = errors.New("video status transition refused")

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a video's status other than through this package.
var ErrOutsideLifecycle = errors.New("a video's status is set only by package videolifecycle")

// refused is the ErrRefused of event e on a video in status from.
func refused(e event, from video.Status) error {
	return fmt.Errorf("%w: %s on a %s video (allowed from %v)", ErrRefused, e, from, transitions[e].from)
}
