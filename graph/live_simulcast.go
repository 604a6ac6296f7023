package graph

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesimulcasttarget"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/livekey"
)

// streamSimulcastTarget loads a simulcast target of a project's live stream;
// NOT_FOUND when there is no such stream or target.
func streamSimulcastTarget(ctx context.Context, client *ent.Client, projectID, streamID, id uuid.UUID) (*ent.LiveSimulcastTarget, error) {
	if _, err := projectLiveStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	t, err := client.LiveSimulcastTarget.Query().
		Where(livesimulcasttarget.ID(id), livesimulcasttarget.LiveStreamID(streamID)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("live simulcast target")
	}
	return t, err
}

// liveSimulcastTargets lists a live stream's simulcast targets, oldest first.
func (r *Resolver) liveSimulcastTargets(ctx context.Context, projectID, streamID uuid.UUID) ([]*ent.LiveSimulcastTarget, error) {
	client := r.db(ctx)
	if _, err := projectLiveStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	return client.LiveSimulcastTarget.Query().
		Where(livesimulcasttarget.LiveStreamID(streamID)).
		Order(livesimulcasttarget.ByCreatedAt(), livesimulcasttarget.ByID()).
		All(ctx)
}

// createLiveSimulcastTarget adds a target to a stream, at most
// live.MaxSimulcastTargets of them, whose host passes the outbound address
// policy (checkSimulcastHost). It applies from the stream's next session.
func (r *Resolver) createLiveSimulcastTarget(ctx context.Context, projectID, streamID uuid.UUID, input ent.CreateLiveSimulcastTargetInput) (*ent.LiveSimulcastTarget, error) {
	client := r.db(ctx)
	if _, err := projectLiveStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	n, err := client.LiveSimulcastTarget.Query().Where(livesimulcasttarget.LiveStreamID(streamID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= live.MaxSimulcastTargets {
		return nil, Errorf(KindConflict, "a live stream has at most %d simulcast targets", live.MaxSimulcastTargets)
	}
	if err := r.checkSimulcastHost(ctx, input.URL); err != nil {
		return nil, err
	}
	return client.LiveSimulcastTarget.Create().SetInput(input).
		SetLiveStreamID(streamID).SetProjectID(projectID).Save(ctx)
}

// updateLiveSimulcastTarget changes a target (a new URL is checked as on
// creation); it applies from the next session.
func (r *Resolver) updateLiveSimulcastTarget(ctx context.Context, projectID, streamID, id uuid.UUID, input ent.UpdateLiveSimulcastTargetInput) (*ent.LiveSimulcastTarget, error) {
	client := r.db(ctx)
	t, err := streamSimulcastTarget(ctx, client, projectID, streamID, id)
	if err != nil {
		return nil, err
	}
	if input.URL != nil {
		if err := r.checkSimulcastHost(ctx, *input.URL); err != nil {
			return nil, err
		}
	}
	return client.LiveSimulcastTarget.UpdateOne(t).SetInput(input).Save(ctx)
}

// deleteLiveSimulcastTarget deletes a target.
func (r *Resolver) deleteLiveSimulcastTarget(ctx context.Context, projectID, streamID, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	t, err := streamSimulcastTarget(ctx, client, projectID, streamID, id)
	if err != nil {
		return uuid.Nil, err
	}
	if err := client.LiveSimulcastTarget.DeleteOne(t).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// simulcastKeyLast4 is the last four characters of a target's stream key.
func simulcastKeyLast4(t *ent.LiveSimulcastTarget) string { return livekey.Last4(t.StreamKey) }
