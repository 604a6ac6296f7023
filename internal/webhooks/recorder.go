// Package webhooks records events and delivers them to the webhook endpoints of
// their project: signed (Standard Webhooks), with retries, logged attempt by
// attempt. The event row and its delivery rows are written in the transaction of
// the change that caused the event; the delivery jobs are queued after it commits,
// and the sweeper queues those a crash lost (DESIGN.md "Durable work").
package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
)

// Inserter queues jobs (jobs.Queue).
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs) error
}

// Recorder writes events and their deliveries, and queues the delivery jobs.
// Queue may be set after construction (the queue is opened with the workers
// that use the recorder).
type Recorder struct {
	Queue Inserter
	Log   *slog.Logger
	// MaxAttempts is how many attempts a delivery job gets (Policy.MaxAttempts).
	MaxAttempts int
}

// Record writes an event of type typ for a project with data as its payload, and
// one pending delivery for each enabled endpoint of the project subscribed to it,
// in tx. After tx commits, the deliveries' jobs are queued; when tx rolls back,
// nothing was recorded and nothing is sent. It is RecordMany of one event.
func (r *Recorder) Record(ctx context.Context, tx *ent.Tx, typ string, projectID uuid.UUID, data any) (*ent.Event, error) {
	evs, err := r.RecordMany(ctx, tx, []Pending{{Type: typ, ProjectID: projectID, Data: data}})
	if err != nil {
		return nil, err
	}
	return evs[0], nil
}

// RecordInContext records an event in the transaction of ctx (the GraphQL
// mutation's, see entgql.Transactioner). Outside a transaction it fails rather
// than write an event apart from its change.
func (r *Recorder) RecordInContext(ctx context.Context, typ string, projectID uuid.UUID, data any) error {
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return fmt.Errorf("event %s: no transaction in context", typ)
	}
	_, err := r.Record(ctx, tx, typ, projectID, data)
	return err
}

// queueAfterCommit queues the deliveries' jobs once tx has committed. A failed
// insert is only logged: the deliveries are pending rows, and the sweeper queues
// their jobs.
func (r *Recorder) queueAfterCommit(tx *ent.Tx, ids []uuid.UUID) {
	if len(ids) == 0 {
		return
	}
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
			if err := next.Commit(ctx, tx); err != nil {
				return err
			}
			r.Enqueue(context.WithoutCancel(ctx), ids...)
			return nil
		})
	})
}

// BatchInserter is an Inserter that also queues many jobs in one go
// (jobs.Queue.InsertMany).
type BatchInserter interface {
	InsertMany(ctx context.Context, args []river.JobArgs) error
}

// Enqueue queues the delivery jobs of committed deliveries; a job already live for
// a delivery is not queued twice. Several go in one InsertMany when the queue
// batches.
func (r *Recorder) Enqueue(ctx context.Context, ids ...uuid.UUID) {
	if r.Queue == nil {
		return
	}
	if b, ok := r.Queue.(BatchInserter); ok && len(ids) > 1 {
		args := make([]river.JobArgs, len(ids))
		for i, id := range ids {
			args[i] = DeliverArgs{DeliveryID: id, maxAttempts: r.MaxAttempts}
		}
		if err := b.InsertMany(ctx, args); err != nil {
			r.Log.WarnContext(ctx, "queue webhook deliveries; the sweeper will", "deliveries", len(ids), "err", err)
		}
		return
	}
	for _, id := range ids {
		if err := r.Queue.Insert(ctx, DeliverArgs{DeliveryID: id, maxAttempts: r.MaxAttempts}); err != nil {
			r.Log.WarnContext(ctx, "queue webhook delivery; the sweeper will", "delivery_id", id, "err", err)
		}
	}
}

// toMap turns a payload (a struct, an ent entity, a map) into the JSON object
// stored as the event's data.
func toMap(data any) (map[string]any, error) {
	if m, ok := data.(map[string]any); ok {
		return m, nil
	}
	b, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("payload must be a JSON object: %w", err)
	}
	return m, nil
}
