package streamlifecycle

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livestream"
)

// The ingest moves take the caller's update of one stream (its ID in the
// WHERE, with the lease, session and node conditions the caller pins, and the
// fields it writes alongside the status), built on a transaction's client
// when the caller records events or other rows with the move. A move that
// matches no row is ErrRefused and changes nothing.

// PublisherConnected makes the stream active for a new session's publisher.
func PublisherConnected(ctx context.Context, u *ent.LiveStreamUpdate) error {
	return move(ctx, u, publisherConnected)
}

// PublisherReconnected makes the stream active again for its session's
// returning publisher.
func PublisherReconnected(ctx context.Context, u *ent.LiveStreamUpdate) error {
	return move(ctx, u, publisherReconnected)
}

// PublisherLeft opens the reconnect window of an active stream whose
// publisher went away: the stream is disconnected.
func PublisherLeft(ctx context.Context, u *ent.LiveStreamUpdate) error {
	return move(ctx, u, publisherLeft)
}

// NodeLost opens the reconnect window of an active stream whose ingest node
// stopped renewing its lease: the stream is disconnected.
func NodeLost(ctx context.Context, u *ent.LiveStreamUpdate) error {
	return move(ctx, u, nodeLost)
}

// SessionEnded lets the stream go when its session ends: idle, or disabled
// when the stream is not enabled (isEnabled as the caller read it).
func SessionEnded(ctx context.Context, u *ent.LiveStreamUpdate, isEnabled bool) error {
	if !isEnabled {
		return move(ctx, u, sessionEndedDisabled)
	}
	return move(ctx, u, sessionEnded)
}

// Enabled saves u (an update of one stream that enables it) with the stream
// idle again: only a disabled stream is moved.
func Enabled(ctx context.Context, u *ent.LiveStreamUpdateOne) (*ent.LiveStream, error) {
	return moveOne(ctx, u, enabled)
}

// Disabled saves u (an update of one stream that disables it) with the
// stream disabled; the ingest node holding its session ends it.
func Disabled(ctx context.Context, u *ent.LiveStreamUpdateOne) (*ent.LiveStream, error) {
	return moveOne(ctx, u, disabled)
}

// move applies e through u, which matches only a stream in one of e's
// from-states: none matched is ErrRefused.
func move(ctx context.Context, u *ent.LiveStreamUpdate, e event) error {
	t := transitions[e]
	n, err := u.Where(livestream.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return refused(e)
	}
	return nil
}

// moveOne applies e through u, which matches only a stream in one of e's
// from-states. A stream that is not there is ent's not-found error; one in
// another status is ErrRefused, and nothing changes.
func moveOne(ctx context.Context, u *ent.LiveStreamUpdateOne, e event) (*ent.LiveStream, error) {
	t := transitions[e]
	id, _ := u.Mutation().ID()
	s, err := u.Where(livestream.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
	if !ent.IsNotFound(err) {
		return s, err
	}
	exists, gerr := u.Mutation().Client().LiveStream.Query().Where(livestream.ID(id)).Exist(ctx)
	if gerr != nil {
		return nil, gerr
	}
	if !exists {
		return nil, err
	}
	return nil, refused(e)
}
