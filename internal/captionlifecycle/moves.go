package captionlifecycle

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
)

// The moves take the caller's update (its ID in the WHERE, with the fields
// written alongside the status), built on a transaction's client when the
// caller records events with the move.

// Started marks a queued generation running (or a running one again, when a
// retried attempt starts).
func Started(ctx context.Context, u *ent.CaptionGenerationUpdateOne) (*ent.CaptionGeneration, error) {
	return moveOne(ctx, u, started)
}

// Finished saves u (the caption made, the seconds heard and spent) with the
// generation ready now.
func Finished(ctx context.Context, u *ent.CaptionGenerationUpdateOne) (*ent.CaptionGeneration, error) {
	return moveOne(ctx, u.SetFinishedAt(time.Now()).SetFailureReason(""), finished)
}

// Failed fails a queued or running generation for reason.
func Failed(ctx context.Context, u *ent.CaptionGenerationUpdateOne, reason string) (*ent.CaptionGeneration, error) {
	return moveOne(ctx, u.SetFinishedAt(time.Now()).SetFailureReason(reason), failed)
}

// Canceled cancels a queued or running generation.
func Canceled(ctx context.Context, u *ent.CaptionGenerationUpdateOne) (*ent.CaptionGeneration, error) {
	return moveOne(ctx, u.SetFinishedAt(time.Now()), canceled)
}

// moveOne applies e through u, which matches only a generation in one of e's
// from-states. One that is not there is ent's not-found error; one in
// another status is ErrRefused, and nothing changes.
func moveOne(ctx context.Context, u *ent.CaptionGenerationUpdateOne, e event) (*ent.CaptionGeneration, error) {
	t := transitions[e]
	id, _ := u.Mutation().ID()
	g, err := u.Where(captiongeneration.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if !ent.IsNotFound(err) {
		return g, err
	}
	exists, gerr := u.Mutation().Client().CaptionGeneration.Query().Where(captiongeneration.ID(id)).Exist(ctx)
	if gerr != nil {
		return nil, gerr
	}
	if !exists {
		return nil, err
	}
	return nil, refused(e)
}
