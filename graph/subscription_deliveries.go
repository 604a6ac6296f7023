package graph

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/changefeed"
	projectlib "github.com/vidra-dev/vidra/internal/project"
)

// webhookDeliveryUpdated streams the deliveries of a project (or of one of its
// endpoints) as they are created and attempted, to a caller who may read the
// project's webhook logs. It follows the change log (changefeed): from its
// head now, or from after when resuming; each notice (a resync too) wakes it
// to read the entries since the last it read, and each delivery changed is
// read again as the caller and sent once, where its last change stands, with
// that entry's cursor. So neither a reconnection within the log's window nor
// lost notices skip a delivery.
func (r *Resolver) webhookDeliveryUpdated(ctx context.Context, projectID uuid.UUID, endpointID *uuid.UUID, after *string) (<-chan *ent.WebhookDelivery, error) {
	if r.changes == nil {
		return nil, Errorf(KindInternal, "subscriptions are not available")
	}
	pos, err := parseAfter(after)
	if err != nil {
		return nil, err
	}
	if err := projectlib.Require(ctx, r.db(ctx), projectID, ""); err != nil {
		return nil, err
	}
	release, err := gqlserver.TakeSubscriptionSlot(ctx)
	if err != nil {
		return nil, err
	}
	sub := r.changes.Subscribe(func(n changefeed.Notice) bool {
		return n.Kind == changefeed.KindWebhookDelivery && !n.Deleted && (n.ProjectID == projectID || n.ProjectID == uuid.Nil)
	})
	ofProject := changefeed.OfProject(changefeed.KindWebhookDelivery, projectID)
	var pending []changefeed.Entry
	if after != nil {
		pending, err = changefeed.Since(ctx, r.client, pos, ofProject)
		if err == nil {
			err = resumable(ctx, r, pos)
		}
	} else {
		pos, err = changefeed.Head(ctx, r.client)
	}
	if err != nil {
		sub.Close()
		release()
		return nil, err
	}
	out := make(chan *ent.WebhookDelivery, 1)
	go func() {
		defer release()
		defer sub.Close()
		defer close(out)
		for {
			for _, e := range changefeed.Latest(pending) {
				if !r.sendDelivery(ctx, out, e, projectID, endpointID) {
					return
				}
			}
			if len(pending) > 0 {
				pos = pending[len(pending)-1].Seq
			}
			if !waitNotices(ctx, sub) {
				return
			}
			var err error
			if pending, err = changefeed.Since(ctx, r.client, pos, ofProject); err != nil {
				if ctx.Err() == nil {
					r.log.WarnContext(ctx, "subscription read failed", "err", err)
				}
				return
			}
		}
	}()
	return out, nil
}

// sendDelivery reads the delivery of a log entry as the caller and sends it
// with the entry's cursor, unless the caller cannot see it (or it is another
// endpoint's). It is false when the stream must end.
func (r *Resolver) sendDelivery(ctx context.Context, out chan<- *ent.WebhookDelivery, e changefeed.Entry, projectID uuid.UUID, endpointID *uuid.UUID) bool {
	q := r.db(ctx).WebhookDelivery.Query().Where(webhookdelivery.ID(e.Notice.ID), webhookdelivery.ProjectID(projectID))
	if endpointID != nil {
		q.Where(webhookdelivery.EndpointID(*endpointID))
	}
	d, err := q.Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return true
	case err != nil:
		if ctx.Err() == nil {
			r.log.WarnContext(ctx, "subscription read failed", "err", err)
		}
		return false
	}
	if credentialSettled(ctx) != nil {
		return false
	}
	pushCursor(ctx, e.Seq)
	select {
	case out <- d:
		return true
	case <-ctx.Done():
		return false
	}
}
