package streams

import (
	"context"
	"errors"
	"net/url"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesimulcasttarget"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// streamTarget loads a simulcast target of a project's live stream;
// NOT_FOUND when there is no such stream or target.
func streamTarget(ctx context.Context, client *ent.Client, projectID, streamID, id uuid.UUID) (*ent.LiveSimulcastTarget, error) {
	if _, err := projectStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	t, err := client.LiveSimulcastTarget.Query().
		Where(livesimulcasttarget.ID(id), livesimulcasttarget.LiveStreamID(streamID)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("live simulcast target")
	}
	return t, err
}

// Targets lists a live stream's simulcast targets, oldest first.
func (s *Service) Targets(ctx context.Context, projectID, streamID uuid.UUID) ([]*ent.LiveSimulcastTarget, error) {
	client := s.db(ctx)
	if _, err := projectStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	return client.LiveSimulcastTarget.Query().
		Where(livesimulcasttarget.LiveStreamID(streamID)).
		Order(livesimulcasttarget.ByCreatedAt(), livesimulcasttarget.ByID()).
		All(ctx)
}

// CreateTarget adds a target to a stream, at most live.MaxSimulcastTargets of
// them, whose host passes the outbound address policy (checkHost). It applies
// from the stream's next session.
func (s *Service) CreateTarget(ctx context.Context, projectID, streamID uuid.UUID, input ent.CreateLiveSimulcastTargetInput) (*ent.LiveSimulcastTarget, error) {
	client := s.db(ctx)
	if _, err := projectStream(ctx, client, projectID, streamID); err != nil {
		return nil, err
	}
	n, err := client.LiveSimulcastTarget.Query().Where(livesimulcasttarget.LiveStreamID(streamID)).Count(ctx)
	if err != nil {
		return nil, err
	}
	if n >= live.MaxSimulcastTargets {
		return nil, fault.Errorf(fault.KindConflict, "a live stream has at most %d simulcast targets", live.MaxSimulcastTargets)
	}
	if err := s.checkHost(ctx, input.URL); err != nil {
		return nil, err
	}
	return client.LiveSimulcastTarget.Create().SetInput(input).
		SetLiveStreamID(streamID).SetProjectID(projectID).Save(ctx)
}

// UpdateTarget changes a target (a new URL is checked as on creation); it
// applies from the next session.
func (s *Service) UpdateTarget(ctx context.Context, projectID, streamID, id uuid.UUID, input ent.UpdateLiveSimulcastTargetInput) (*ent.LiveSimulcastTarget, error) {
	client := s.db(ctx)
	t, err := streamTarget(ctx, client, projectID, streamID, id)
	if err != nil {
		return nil, err
	}
	if input.URL != nil {
		if err := s.checkHost(ctx, *input.URL); err != nil {
			return nil, err
		}
	}
	return client.LiveSimulcastTarget.UpdateOne(t).SetInput(input).Save(ctx)
}

// DeleteTarget deletes a target.
func (s *Service) DeleteTarget(ctx context.Context, projectID, streamID, id uuid.UUID) (uuid.UUID, error) {
	client := s.db(ctx)
	t, err := streamTarget(ctx, client, projectID, streamID, id)
	if err != nil {
		return uuid.Nil, err
	}
	if err := client.LiveSimulcastTarget.DeleteOne(t).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// checkHost refuses a simulcast target URL whose host is, or resolves to, an
// address the outbound policy refuses (loopback, private, link-local, cloud
// metadata...), or does not resolve, with an INVALID_INPUT error on input.url
// that names no address. A URL of the wrong form is left to the field's own
// validation.
func (s *Service) checkHost(ctx context.Context, rawURL string) error {
	if live.ValidateSimulcastURL(rawURL) != nil {
		return nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil
	}
	err = s.d.Outbound.CheckHost(ctx, u.Hostname())
	switch {
	case err == nil:
		return nil
	case errors.Is(err, netguard.ErrUnresolved):
		return fault.FieldError("input.url", "the host name does not resolve")
	default:
		return fault.FieldError("input.url", "must reach a public address: loopback, private, link-local and other special-purpose addresses are refused")
	}
}
