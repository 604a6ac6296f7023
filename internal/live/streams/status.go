package streams

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Action is what SetStatus does to a stream; its values are the GraphQL
// enum's (LiveStreamAction).
type Action string

// The actions of SetStatus.
const (
	// ActionEnable lets publishers on the stream's key go live again.
	ActionEnable Action = "ENABLE"
	// ActionDisable refuses publishers and ends the session in progress.
	ActionDisable Action = "DISABLE"
	// ActionComplete asks the ingest to end the session in progress.
	ActionComplete Action = "COMPLETE"
)

// SetStatus enables, disables or completes a stream. Disabling and completing
// change the row only: the ingest node that holds the session sees the change
// (changefeed) and ends it. An action that changes nothing (enabling an
// enabled stream) records nothing.
func (s *Service) SetStatus(ctx context.Context, projectID, id uuid.UUID, action Action) (st *ent.LiveStream, err error) {
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		st, err = s.setStatus(ctx, client, projectID, id, action)
		return err
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// setStatus is SetStatus in the transaction of ctx.
func (s *Service) setStatus(ctx context.Context, client *ent.Client, projectID, id uuid.UUID, action Action) (*ent.LiveStream, error) {
	st, err := projectStream(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	var event string
	upd := client.LiveStream.UpdateOne(st)
	save := upd.Save
	switch action {
	case ActionEnable:
		if st.Enabled {
			return st, nil
		}
		upd.SetEnabled(true)
		if st.Status == livestream.StatusDisabled {
			save = func(ctx context.Context) (*ent.LiveStream, error) { return streamlifecycle.Enabled(ctx, upd) }
		}
		event = events.LiveStreamEnabled
	case ActionDisable:
		if !st.Enabled {
			return st, nil
		}
		upd.SetEnabled(false)
		save = func(ctx context.Context) (*ent.LiveStream, error) { return streamlifecycle.Disabled(ctx, upd) }
		event = events.LiveStreamDisabled
	case ActionComplete:
		if st.CurrentSessionID == nil {
			return nil, fault.Errorf(fault.KindConflict, "the live stream has no session in progress")
		}
		upd.SetCompleteRequestedAt(time.Now())
		event = events.LiveStreamUpdated
	default:
		return nil, fault.FieldError("action", "unknown action %q", action)
	}
	st, err = save(ctx)
	if errors.Is(err, streamlifecycle.ErrRefused) {
		return nil, fault.Errorf(fault.KindConflict, "the live stream's status changed meanwhile; try again")
	}
	if err != nil {
		return nil, err
	}
	if err := s.record(ctx, event, projectID, events.LiveStream(st)); err != nil {
		return nil, err
	}
	return st, nil
}
