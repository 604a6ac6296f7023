package jobs

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
)

// EventRecorder records an event in the transaction of the change that caused it
// (webhooks.Recorder); the deliveries it owes are queued after commit.
type EventRecorder interface {
	Record(ctx context.Context, tx *ent.Tx, typ string, projectID uuid.UUID, data any) (*ent.Event, error)
}

// transition applies change to a video and records the events its new state
// means, in one transaction: the state and its events commit together or not at
// all. change returns the updated video (nil when nothing changed: no event).
func (p *Pipeline) transition(ctx context.Context, change func(tx *ent.Tx) (*ent.Video, error), types ...string) error {
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	v, err := change(tx)
	if err == nil && v != nil && p.Events != nil {
		for _, typ := range types {
			if _, err = p.Events.Record(ctx, tx, typ, v.ProjectID, events.Video(v)); err != nil {
				break
			}
		}
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}
