package transcodelifecycle

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
)

// The moves take the caller's update of one job (its ID in the WHERE, with
// the caller's own conditions and the fields it writes alongside the status),
// built on a transaction's client when the caller records events with the
// move. A move that matches no row is ErrRefused and changes nothing.

// Started marks the job running at the start of each worker's run: progress
// 0, no failure reason, started now.
func Started(ctx context.Context, u *ent.TranscodingJobUpdate) error {
	return move(ctx, u.SetStartedAt(time.Now()).SetProgress(0).SetFailureReason(""), started)
}

// Canceled cancels a queued or running job, completed now; a running worker
// sees it and stops.
func Canceled(ctx context.Context, u *ent.TranscodingJobUpdate) error {
	return move(ctx, u.SetCompletedAt(time.Now()), canceled)
}

// Succeeded saves u (the finished job's outputs) with the job succeeded,
// progress 1, completed now.
func Succeeded(ctx context.Context, u *ent.TranscodingJobUpdateOne) (*ent.TranscodingJob, error) {
	return moveOne(ctx, u.SetProgress(1).SetCompletedAt(time.Now()), succeeded)
}

// Failed fails the running job for reason, completed now.
func Failed(ctx context.Context, u *ent.TranscodingJobUpdateOne, reason string) (*ent.TranscodingJob, error) {
	return moveOne(ctx, u.SetFailureReason(reason).SetCompletedAt(time.Now()), failed)
}

// move applies e through u, which matches only a job in one of e's
// from-states: none matched is ErrRefused.
func move(ctx context.Context, u *ent.TranscodingJobUpdate, e event) error {
	t := transitions[e]
	n, err := u.Where(transcodingjob.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return refused(e)
	}
	return nil
}

// moveOne applies e through u, which matches only a job in one of e's
// from-states. A job that is not there is ent's not-found error; one in
// another status is ErrRefused, and nothing changes.
func moveOne(ctx context.Context, u *ent.TranscodingJobUpdateOne, e event) (*ent.TranscodingJob, error) {
	t := transitions[e]
	id, _ := u.Mutation().ID()
	j, err := u.Where(transcodingjob.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if !ent.IsNotFound(err) {
		return j, err
	}
	exists, gerr := u.Mutation().Client().TranscodingJob.Query().Where(transcodingjob.ID(id)).Exist(ctx)
	if gerr != nil {
		return nil, gerr
	}
	if !exists {
		return nil, err
	}
	return nil, refused(e)
}
