package jobs

import (
	"context"
	"errors"

	"github.com/google/uuid"
)

// settleAttempt is the one rule for a failed attempt of a job whose work has
// a record that can fail (a video, a static rendition, a caption
// generation): a permanent error fails it at once with its reason; a
// transient one is returned for River to retry, and fails it on the last
// attempt (what "failed: ..." or "timed out"), so nothing is left waiting
// forever.
func settleAttempt(attempt, maxAttempts int, what string, err error, fail func(reason string) error) error {
	if err == nil {
		return nil
	}
	var perm *permanent
	if errors.As(err, &perm) {
		return fail(perm.reason)
	}
	if attempt >= maxAttempts {
		reason := what + " failed: " + err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			reason = what + " timed out"
		}
		if ferr := fail(reason); ferr != nil {
			return ferr
		}
	}
	return err
}

// settleVideoJob settles a failed attempt of a job that brings a video to
// ready (processing, an import, a clip's cut): settleAttempt, failing the
// video.
func (p *Pipeline) settleVideoJob(ctx context.Context, id uuid.UUID, attempt, maxAttempts int, what string, err error) error {
	return settleAttempt(attempt, maxAttempts, what, err, func(reason string) error { return p.failVideo(ctx, id, reason) })
}
