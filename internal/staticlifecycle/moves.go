package staticlifecycle

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
)

// The moves take the caller's update (its ID or video in the WHERE, with the
// fields written alongside the status), built on a transaction's client when
// the caller records events with the move.

// Requested makes the matched static renditions preparing again (asked for
// again, or their video was processed again), clearing the last failure. It
// returns how many moved; none is not an error.
func Requested(ctx context.Context, u *ent.StaticRenditionUpdate) (int, error) {
	t := transitions[requested]
	return u.Where(staticrendition.StatusIn(t.from...)).SetStatus(t.to).SetFailureReason("").Save(mark(ctx))
}

// Finished saves u (the written file's key, size and picture) with the
// static rendition ready now.
func Finished(ctx context.Context, u *ent.StaticRenditionUpdateOne) (*ent.StaticRendition, error) {
	return moveOne(ctx, u.SetReadyAt(time.Now()).SetFailureReason(""), finished)
}

// Failed fails the preparing static rendition for reason.
func Failed(ctx context.Context, u *ent.StaticRenditionUpdateOne, reason string) (*ent.StaticRendition, error) {
	return moveOne(ctx, u.SetFailureReason(reason), failed)
}

// moveOne applies e through u, which matches only a static rendition in one
// of e's from-states. One that is not there is ent's not-found error; one in
// another status is ErrRefused, and nothing changes.
func moveOne(ctx context.Context, u *ent.StaticRenditionUpdateOne, e event) (*ent.StaticRendition, error) {
	t := transitions[e]
	id, _ := u.Mutation().ID()
	s, err := u.Where(staticrendition.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if !ent.IsNotFound(err) {
		return s, err
	}
	exists, gerr := u.Mutation().Client().StaticRendition.Query().Where(staticrendition.ID(id)).Exist(ctx)
	if gerr != nil {
		return nil, gerr
	}
	if !exists {
		return nil, err
	}
	return nil, refused(e)
}
