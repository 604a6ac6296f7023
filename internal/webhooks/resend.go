package webhooks

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
)

// Resend owes an event again: a new pending delivery to each enabled endpoint of
// its project subscribed to it (only endpointID when set), written in tx and
// queued after commit. It returns the new deliveries' ids.
func (r *Recorder) Resend(ctx context.Context, tx *ent.Tx, ev *ent.Event, endpointID uuid.UUID) ([]uuid.UUID, error) {
	ids, err := r.createDeliveries(ctx, tx.Client(), []*ent.Event{ev}, endpointID)
	if err != nil {
		return nil, err
	}
	r.queueAfterCommit(tx, ids)
	return ids, nil
}

// ResendFailed owes again every event whose delivery to the endpoint failed (or
// was cancelled) between since and until, once per event, unless the event has a
// delivery to the endpoint that succeeded or is still pending. It returns how many
// events are sent again.
func (r *Recorder) ResendFailed(ctx context.Context, tx *ent.Tx, endpointID uuid.UUID, since, until time.Time) (int, error) {
	failed, err := tx.WebhookDelivery.Query().
		Where(
			webhookdelivery.EndpointID(endpointID),
			webhookdelivery.StatusIn(webhookdelivery.StatusFailed, webhookdelivery.StatusCancelled),
			webhookdelivery.CreatedAtGTE(since),
			webhookdelivery.CreatedAtLT(until),
		).
		All(ctx)
	if err != nil {
		return 0, err
	}
	owed := map[uuid.UUID]bool{}
	for _, d := range failed {
		owed[d.EventID] = true
	}
	if len(owed) == 0 {
		return 0, nil
	}
	eventIDs := make([]uuid.UUID, 0, len(owed))
	for id := range owed {
		eventIDs = append(eventIDs, id)
	}
	settled, err := tx.WebhookDelivery.Query().
		Where(
			webhookdelivery.EndpointID(endpointID),
			webhookdelivery.EventIDIn(eventIDs...),
			webhookdelivery.StatusIn(webhookdelivery.StatusSucceeded, webhookdelivery.StatusPending),
		).
		All(ctx)
	if err != nil {
		return 0, err
	}
	for _, d := range settled {
		delete(owed, d.EventID)
	}
	eventIDs = eventIDs[:0]
	for id := range owed {
		eventIDs = append(eventIDs, id)
	}
	evs, err := tx.Event.Query().Where(event.IDIn(eventIDs...)).Order(event.ByCreatedAt()).All(ctx)
	if err != nil {
		return 0, err
	}
	var all []uuid.UUID
	for _, ev := range evs {
		ids, err := r.createDeliveries(ctx, tx.Client(), []*ent.Event{ev}, endpointID)
		if err != nil {
			return 0, err
		}
		all = append(all, ids...)
	}
	r.queueAfterCommit(tx, all)
	return len(all), nil
}
