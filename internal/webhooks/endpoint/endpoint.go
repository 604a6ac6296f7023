package endpoint

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookendpoint"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// maxOverlapSeconds bounds how long a rotated secret keeps signing (30 days).
const maxOverlapSeconds = 30 * 24 * 3600

// Create creates an endpoint of a project with a new secret, returned beside
// it (the only time it is shown).
func (s *Service) Create(ctx context.Context, projectID uuid.UUID, in Input) (*ent.WebhookEndpoint, string, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, "", err
	}
	types, err := s.check(in)
	if err != nil {
		return nil, "", err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, "", err
	}
	create := client.WebhookEndpoint.Create().
		SetProjectID(projectID).SetURL(in.URL).SetEventTypes(types).SetSecret(secret)
	if in.Description != nil {
		create.SetDescription(*in.Description)
	}
	if in.Enabled != nil {
		create.SetEnabled(*in.Enabled)
	}
	ep, err := create.Save(ctx)
	if err != nil {
		return nil, "", err
	}
	idempotency.NoteSecret(ctx, secret)
	return ep, secret, nil
}

// Get reads an endpoint of a project (NOT_FOUND otherwise).
func (s *Service) Get(ctx context.Context, projectID, id uuid.UUID) (*ent.WebhookEndpoint, error) {
	ep, err := s.db(ctx).WebhookEndpoint.Query().
		Where(webhookendpoint.ID(id), webhookendpoint.ProjectID(projectID)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("webhook endpoint")
	}
	return ep, err
}

// List lists a project's endpoints, oldest first.
func (s *Service) List(ctx context.Context, projectID uuid.UUID) ([]*ent.WebhookEndpoint, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.WebhookEndpoint.Query().
		Where(webhookendpoint.ProjectID(projectID)).
		Order(webhookendpoint.ByCreatedAt(), webhookendpoint.ByID()).
		All(ctx)
}

// Update replaces an endpoint's settings. Enabling it clears the failure run
// and the reason the server disabled it.
func (s *Service) Update(ctx context.Context, projectID, id uuid.UUID, in Input) (*ent.WebhookEndpoint, error) {
	ep, err := s.Get(ctx, projectID, id)
	if err != nil {
		return nil, err
	}
	types, err := s.check(in)
	if err != nil {
		return nil, err
	}
	upd := s.db(ctx).WebhookEndpoint.UpdateOne(ep).SetURL(in.URL).SetEventTypes(types)
	if in.Description != nil {
		upd.SetDescription(*in.Description)
	}
	if in.Enabled != nil {
		upd.SetEnabled(*in.Enabled)
		if *in.Enabled && !ep.Enabled {
			upd.ClearFailingSince().SetDisabledReason("")
		}
	}
	return upd.Save(ctx)
}

// Delete deletes an endpoint; its deliveries and attempts go with it.
func (s *Service) Delete(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	if _, err := s.Get(ctx, projectID, id); err != nil {
		return uuid.Nil, err
	}
	return id, s.db(ctx).WebhookEndpoint.DeleteOneID(id).Exec(ctx)
}

// RotateSecret gives the endpoint a new secret, returned beside it; the
// current one keeps signing for the overlap (overlapSeconds, or the default
// when nil).
func (s *Service) RotateSecret(ctx context.Context, projectID, id uuid.UUID, overlapSeconds *int) (*ent.WebhookEndpoint, string, error) {
	overlap := s.d.SecretOverlap
	if overlapSeconds != nil {
		if *overlapSeconds < 0 || *overlapSeconds > maxOverlapSeconds {
			return nil, "", fault.FieldError("overlapSeconds", "must be between 0 and 2592000 (30 days)")
		}
		overlap = time.Duration(*overlapSeconds) * time.Second
	}
	ep, err := s.Get(ctx, projectID, id)
	if err != nil {
		return nil, "", err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, "", err
	}
	ep, err = s.db(ctx).WebhookEndpoint.UpdateOne(ep).
		SetSecret(secret).
		SetPreviousSecret(ep.Secret).
		SetPreviousSecretExpiresAt(time.Now().Add(overlap)).
		Save(ctx)
	if err != nil {
		return nil, "", err
	}
	idempotency.NoteSecret(ctx, secret)
	return ep, secret, nil
}
