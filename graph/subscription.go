package graph

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/changefeed"
)

// Bounds of concurrentViewersUpdated's intervalSeconds.
const (
	viewersIntervalDefault = 5
	viewersIntervalMin     = 2
	viewersIntervalMax     = 60
)

// follow streams a row of kind: read by fetch now, then again after each
// notice about it (and after a resync), until ctx ends, the row is deleted or
// the caller can no longer see it. The subscription is made before the first
// read, so no change between the two is missed. The first read's error is the
// subscription's, exactly as the matching query would answer. Each value
// carries the change log's head read before it as its cursor (it reflects
// every change up to there); with after (such a cursor), the row is sent at
// once only when it changed since, and a cursor the log no longer covers is
// CURSOR_EXPIRED. Intermediate states are not kept: the row now answers all
// the changes it missed.
func follow[T any](ctx context.Context, r *Resolver, kind string, id uuid.UUID, after *string, fetch func(context.Context) (T, error)) (<-chan T, error) {
	if r.changes == nil {
		return nil, Errorf(KindInternal, "subscriptions are not available")
	}
	from, err := parseAfter(after)
	if err != nil {
		return nil, err
	}
	release, err := gqlserver.TakeSubscriptionSlot(ctx)
	if err != nil {
		return nil, err
	}
	sub := r.changes.Subscribe(func(n changefeed.Notice) bool { return n.Kind == kind && n.ID == id })
	first, cursor, send, err := firstOfRow(ctx, r, kind, id, after != nil, from, fetch)
	if err != nil {
		sub.Close()
		release()
		return nil, err
	}
	out := make(chan T, 1)
	go func() {
		defer release()
		defer sub.Close()
		defer close(out)
		v := first
		for {
			if send {
				// Nothing goes out while a change of the caller's credential
				// waits for its check (credentialGate).
				if credentialSettled(ctx) != nil {
					return
				}
				pushCursor(ctx, cursor)
				select {
				case out <- v:
				case <-ctx.Done():
					return
				}
			}
			send = true
			if !waitNotices(ctx, sub) {
				return
			}
			if cursor, err = changefeed.Head(ctx, r.client); err == nil {
				v, err = fetch(ctx)
			}
			if err != nil {
				// Gone, no longer visible to the caller, or the connection ended:
				// the stream completes.
				if ctx.Err() == nil && !ent.IsNotFound(err) && errorKind(err) != KindNotFound && errorKind(err) != KindForbidden {
					r.log.WarnContext(ctx, "subscription read failed", "err", err)
				}
				return
			}
		}
	}()
	return out, nil
}

// firstOfRow reads what follow sends first: the row, the change log's head
// read before it (its cursor), and whether to send it: always, or, when
// resuming after from, only if the row changed since.
func firstOfRow[T any](ctx context.Context, r *Resolver, kind string, id uuid.UUID, resuming bool, from int64, fetch func(context.Context) (T, error)) (v T, cursor int64, send bool, err error) {
	if cursor, err = changefeed.Head(ctx, r.client); err != nil {
		return v, 0, false, err
	}
	if v, err = fetch(ctx); err != nil {
		return v, 0, false, err
	}
	if !resuming {
		return v, cursor, true, nil
	}
	missed, err := changefeed.Since(ctx, r.client, from, changefeed.OfRow(kind, id))
	if err != nil {
		return v, 0, false, err
	}
	if err := resumable(ctx, r, from); err != nil {
		return v, 0, false, err
	}
	return v, cursor, len(missed) > 0, nil
}

// resumable is changefeed.Resumable with the subscription's error.
func resumable(ctx context.Context, r *Resolver, from int64) error {
	err := changefeed.Resumable(ctx, r.client, from)
	if errors.Is(err, changefeed.ErrCursorExpired) {
		return Errorf(KindCursorExpired, "after: the changes since this cursor are no longer kept (VIDRA_WS_RESUME_WINDOW); read the current state and subscribe without after")
	}
	return err
}

// waitNotices waits for a notice (a resync counts) and takes the others
// queued with it, which the same read answers. It is false when ctx ended or
// the followed row was deleted.
func waitNotices(ctx context.Context, sub *changefeed.Subscription) bool {
	select {
	case n := <-sub.C:
		if n.Deleted {
			return false
		}
	case <-ctx.Done():
		return false
	}
	for {
		select {
		case n := <-sub.C:
			if n.Deleted {
				return false
			}
		default:
			return true
		}
	}
}

// videoUpdated follows a video the caller can see.
func (r *Resolver) videoUpdated(ctx context.Context, id uuid.UUID, after *string) (<-chan *ent.Video, error) {
	return follow(ctx, r, changefeed.KindVideo, id, after, func(ctx context.Context) (*ent.Video, error) {
		return r.db(ctx).Video.Query().Where(video.ID(id)).Only(ctx)
	})
}

// transcodingJobUpdated follows a transcoding job the caller can see.
func (r *Resolver) transcodingJobUpdated(ctx context.Context, id uuid.UUID, after *string) (<-chan *ent.TranscodingJob, error) {
	return follow(ctx, r, changefeed.KindTranscodingJob, id, after,
		func(ctx context.Context) (*ent.TranscodingJob, error) { return r.transcoding.Get(ctx, id) })
}

// liveStreamUpdated follows a live stream of a project the caller can see.
func (r *Resolver) liveStreamUpdated(ctx context.Context, projectID, id uuid.UUID, after *string) (<-chan *ent.LiveStream, error) {
	return follow(ctx, r, changefeed.KindLiveStream, id, after,
		func(ctx context.Context) (*ent.LiveStream, error) { return r.streams.Get(ctx, projectID, id) })
}

// concurrentViewersUpdated sends concurrentViewers' answer now and then each
// time the count changes, checking every intervalSeconds. The count comes
// from the analytics store, which every server shares, so it needs no notice.
func (r *Resolver) concurrentViewersUpdated(ctx context.Context, projectID uuid.UUID, videoID *uuid.UUID, intervalSeconds *int) (<-chan *model.ConcurrentViewers, error) {
	interval := viewersIntervalDefault
	if intervalSeconds != nil {
		interval = *intervalSeconds
		if interval < viewersIntervalMin || interval > viewersIntervalMax {
			return nil, FieldError("intervalSeconds", "must be between %d and %d", viewersIntervalMin, viewersIntervalMax)
		}
	}
	first, err := r.concurrentViewers(ctx, projectID, videoID)
	if err != nil {
		return nil, err
	}
	release, err := gqlserver.TakeSubscriptionSlot(ctx)
	if err != nil {
		return nil, err
	}
	out := make(chan *model.ConcurrentViewers, 1)
	go func() {
		defer release()
		defer close(out)
		tick := time.NewTicker(time.Duration(interval) * time.Second)
		defer tick.Stop()
		last := first
		if credentialSettled(ctx) != nil {
			return
		}
		select {
		case out <- first:
		case <-ctx.Done():
			return
		}
		for {
			select {
			case <-tick.C:
			case <-ctx.Done():
				return
			}
			now, err := r.concurrentViewers(ctx, projectID, videoID)
			if err != nil {
				if ctx.Err() == nil {
					r.log.WarnContext(ctx, "concurrent viewers subscription read failed", "err", err)
				}
				return
			}
			if now.Count == last.Count {
				continue
			}
			last = now
			if credentialSettled(ctx) != nil {
				return
			}
			select {
			case out <- now:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
}
