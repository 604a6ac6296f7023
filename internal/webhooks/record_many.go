package webhooks

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookendpoint"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// recordChunk is how many events (or deliveries) one INSERT of RecordMany
// writes, and how many projects one endpoint query reads: SQLite binds at most
// 32766 values, a delivery row has fewer than 12.
const recordChunk = 1000

// Pending is one event RecordMany writes: its type, project and payload.
type Pending struct {
	Type      string
	ProjectID uuid.UUID
	Data      any
}

// RecordMany writes events and their pending deliveries in tx (see Record), in
// a number of statements that does not grow with each event: the events in multi-row
// INSERTs (recordChunk rows each), the enabled endpoints of their projects in
// one query per recordChunk projects, and the deliveries in multi-row INSERTs.
// The rows written are those Record would write event by event, in the same
// order; the deliveries' jobs are queued after tx commits. A period close
// finalizes thousands of invoices with it.
func (r *Recorder) RecordMany(ctx context.Context, tx *ent.Tx, pending []Pending) ([]*ent.Event, error) {
	if len(pending) == 0 {
		return nil, nil
	}
	// The changes that caused the events were authorised on their own; the
	// events and their deliveries are the server's record of them, written
	// whatever the caller may do with webhook settings.
	ctx = tenancy.SystemContext(ctx, "record events")
	client := tx.Client()
	out := make([]*ent.Event, 0, len(pending))
	for i := 0; i < len(pending); i += recordChunk {
		chunk := pending[i:min(i+recordChunk, len(pending))]
		creates := make([]*ent.EventCreate, len(chunk))
		for j, p := range chunk {
			payload, err := toMap(p.Data)
			if err != nil {
				return nil, fmt.Errorf("event %s: %w", p.Type, err)
			}
			creates[j] = client.Event.Create().SetType(p.Type).SetProjectID(p.ProjectID).SetData(payload)
		}
		evs, err := client.Event.CreateBulk(creates...).Save(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, evs...)
	}
	ids, err := r.createDeliveries(ctx, client, out, uuid.Nil)
	if err != nil {
		return nil, err
	}
	r.queueAfterCommit(tx, ids)
	return out, nil
}

// createDeliveries creates a pending delivery of each event to each enabled
// endpoint of its project subscribed to its type (or only to endpointID when it
// is set), in the events' order and, for one event, the endpoints' order.
func (r *Recorder) createDeliveries(ctx context.Context, client *ent.Client, evs []*ent.Event, endpointID uuid.UUID) ([]uuid.UUID, error) {
	var projects []uuid.UUID
	seen := map[uuid.UUID]bool{}
	for _, ev := range evs {
		if !seen[ev.ProjectID] {
			seen[ev.ProjectID] = true
			projects = append(projects, ev.ProjectID)
		}
	}
	byProject := map[uuid.UUID][]*ent.WebhookEndpoint{}
	for i := 0; i < len(projects); i += recordChunk {
		q := client.WebhookEndpoint.Query().Where(
			webhookendpoint.ProjectIDIn(projects[i:min(i+recordChunk, len(projects))]...),
			webhookendpoint.Enabled(true),
		)
		if endpointID != uuid.Nil {
			q = q.Where(webhookendpoint.ID(endpointID))
		}
		eps, err := q.Order(ent.Asc(webhookendpoint.FieldCreatedAt), ent.Asc(webhookendpoint.FieldID)).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, ep := range eps {
			byProject[ep.ProjectID] = append(byProject[ep.ProjectID], ep)
		}
	}
	var builders []*ent.WebhookDeliveryCreate
	for _, ev := range evs {
		for _, ep := range byProject[ev.ProjectID] {
			if events.Subscribed(ep.EventTypes, ev.Type) {
				builders = append(builders, client.WebhookDelivery.Create().
					SetEventID(ev.ID).SetEndpointID(ep.ID).
					SetProjectID(ev.ProjectID).SetEventType(ev.Type))
			}
		}
	}
	ids := make([]uuid.UUID, 0, len(builders))
	for i := 0; i < len(builders); i += recordChunk {
		ds, err := client.WebhookDelivery.CreateBulk(builders[i:min(i+recordChunk, len(builders))]...).Save(ctx)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			ids = append(ids, d.ID)
		}
	}
	return ids, nil
}
