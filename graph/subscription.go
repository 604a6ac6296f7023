package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/changefeed"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/graph/model"
)

// Bounds of concurrentViewersUpdated's intervalSeconds.
const (
	viewersIntervalDefault = 5
	viewersIntervalMin     = 2
	viewersIntervalMax     = 60
)

// follow streams a row: read by fetch now, then again after each notice that
// filter accepts (and after a resync), until ctx ends, the row is deleted or
// the caller can no longer see it. The subscription is made before the first
// read, so no change between the two is missed. The first read's error is the
// subscription's, exactly as the matching query would answer.
func follow[T any](ctx context.Context, r *Resolver, filter func(changefeed.Notice) bool, fetch func(context.Context) (T, error)) (<-chan T, error) {
	if r.changes == nil {
		return nil, Errorf(KindInternal, "subscriptions are not available")
	}
	release, err := takeSubscriptionSlot(ctx)
	if err != nil {
		return nil, err
	}
	sub := r.changes.Subscribe(filter)
	first, err := fetch(ctx)
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
			// Nothing goes out while a change of the caller's credential
			// waits for its check (credentialGate).
			if credentialSettled(ctx) != nil {
				return
			}
			select {
			case out <- v:
			case <-ctx.Done():
				return
			}
			select {
			case n := <-sub.C:
				if n.Deleted {
					return
				}
				// Notices that arrived meanwhile are answered by the same read.
				for drained := false; !drained; {
					select {
					case n := <-sub.C:
						if n.Deleted {
							return
						}
					default:
						drained = true
					}
				}
			case <-ctx.Done():
				return
			}
			next, err := fetch(ctx)
			if err != nil {
				// Gone, no longer visible to the caller, or the connection ended:
				// the stream completes.
				if ctx.Err() == nil && !ent.IsNotFound(err) && errorKind(err) != KindNotFound && errorKind(err) != KindForbidden {
					r.log.WarnContext(ctx, "subscription read failed", "err", err)
				}
				return
			}
			v = next
		}
	}()
	return out, nil
}

// videoUpdated follows a video the caller can see.
func (r *Resolver) videoUpdated(ctx context.Context, id uuid.UUID) (<-chan *ent.Video, error) {
	return follow(ctx, r, func(n changefeed.Notice) bool { return n.Kind == changefeed.KindVideo && n.ID == id },
		func(ctx context.Context) (*ent.Video, error) {
			return r.db(ctx).Video.Query().Where(video.ID(id)).Only(ctx)
		})
}

// transcodingJobUpdated follows a transcoding job the caller can see.
func (r *Resolver) transcodingJobUpdated(ctx context.Context, id uuid.UUID) (<-chan *ent.TranscodingJob, error) {
	return follow(ctx, r, func(n changefeed.Notice) bool { return n.Kind == changefeed.KindTranscodingJob && n.ID == id },
		func(ctx context.Context) (*ent.TranscodingJob, error) { return r.transcodingJob(ctx, id) })
}

// webhookDeliveryUpdated streams the deliveries of a project (or of one of its
// endpoints) as they are created and attempted, to a caller who may read the
// project's webhook logs. Deliveries changed while notices were lost (a resync)
// are not sent again: webhookLogs lists them.
func (r *Resolver) webhookDeliveryUpdated(ctx context.Context, projectID uuid.UUID, endpointID *uuid.UUID) (<-chan *ent.WebhookDelivery, error) {
	if r.changes == nil {
		return nil, Errorf(KindInternal, "subscriptions are not available")
	}
	if err := requireProject(ctx, r.db(ctx), projectID, ""); err != nil {
		return nil, err
	}
	release, err := takeSubscriptionSlot(ctx)
	if err != nil {
		return nil, err
	}
	sub := r.changes.Subscribe(func(n changefeed.Notice) bool {
		return n.Kind == changefeed.KindWebhookDelivery && !n.Deleted && (n.ProjectID == projectID || n.ProjectID == uuid.Nil)
	})
	out := make(chan *ent.WebhookDelivery, 1)
	go func() {
		defer release()
		defer sub.Close()
		defer close(out)
		for {
			var n changefeed.Notice
			select {
			case n = <-sub.C:
			case <-ctx.Done():
				return
			}
			if n.Kind == changefeed.KindResync {
				continue
			}
			q := r.db(ctx).WebhookDelivery.Query().Where(webhookdelivery.ID(n.ID), webhookdelivery.ProjectID(projectID))
			if endpointID != nil {
				q.Where(webhookdelivery.EndpointID(*endpointID))
			}
			d, err := q.Only(ctx)
			switch {
			case ent.IsNotFound(err):
				continue
			case err != nil:
				if ctx.Err() == nil {
					r.log.WarnContext(ctx, "subscription read failed", "err", err)
				}
				return
			}
			if credentialSettled(ctx) != nil {
				return
			}
			select {
			case out <- d:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, nil
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
	release, err := takeSubscriptionSlot(ctx)
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
