package jobs

import (
	"context"
	"errors"

	"github.com/google/uuid"
)

// settleVideoJob decides what a failed attempt of a job that brings a video
// to ready (processing, an import, a clip's cut) leaves behind: a permanent
// error fails the video at once with its reason; a transient one is returned
// for River to retry, and fails the video on the last attempt (what "failed:
// ..." or "timed out"), so no video is left waiting forever.
func (p *Pipeline) settleVideoJob(ctx context.Context, id uuid.UUID, attempt, maxAttempts int, what string, err error) error {
	if err == nil {
		return nil
	}
	var perm *permanent
	if errors.As(err, &perm) {
		return p.failVideo(ctx, id, perm.reason)
	}
	if attempt >= maxAttempts {
		reason := what + " failed: " + err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			reason = what + " timed out"
		}
		if ferr := p.failVideo(ctx, id, reason); ferr != nil {
			return ferr
		}
	}
	return err
}
