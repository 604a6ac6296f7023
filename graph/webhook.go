package graph

import (
	"context"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/ent/webhookendpoint"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/perm"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// WebhookDeps are what the webhook operations need.
type WebhookDeps struct {
	// Events records events with the mutations that cause them.
	Events *webhooks.Recorder
	// AllowPlainHTTP accepts http:// endpoint URLs (VIDRA_ALLOW_PRIVATE_NETWORKS).
	AllowPlainHTTP bool
	// SecretOverlap is the default time both secrets sign after a rotation.
	SecretOverlap time.Duration
}

// maxEventTypes bounds the event types one endpoint lists.
const maxEventTypes = 100

// recordEvent records an event in the mutation's transaction; without a
// recorder (tests of other packages) nothing is recorded.
func (r *Resolver) recordEvent(ctx context.Context, typ string, projectID uuid.UUID, data any) error {
	if r.webhooks.Events == nil {
		return nil
	}
	return r.webhooks.Events.RecordInContext(ctx, typ, projectID, data)
}

// webhookEventTypes is the catalogue.
func webhookEventTypes() []*model.WebhookEventType {
	out := make([]*model.WebhookEventType, len(events.Catalogue))
	for i, t := range events.Catalogue {
		out[i] = &model.WebhookEventType{Name: t.Name, Description: t.Description, Reserved: t.Reserved}
	}
	return out
}

// checkEndpointInput validates an endpoint's settings and returns its event types
// without duplicates.
func (r *Resolver) checkEndpointInput(in model.WebhookEndpointInput) ([]string, error) {
	if err := webhooks.CheckURL(in.URL, r.webhooks.AllowPlainHTTP); err != nil {
		return nil, FieldError("input.url", "%s", err.Error())
	}
	if len(in.EventTypes) > maxEventTypes {
		return nil, FieldError("input.eventTypes", "at most %d event types", maxEventTypes)
	}
	seen := map[string]bool{}
	types := []string{}
	for _, t := range in.EventTypes {
		if !events.Known(t) {
			return nil, FieldError("input.eventTypes", "unknown event type %q (see webhookEventTypes)", t)
		}
		if !seen[t] {
			seen[t] = true
			types = append(types, t)
		}
	}
	return types, nil
}

// createWebhookEndpoint creates an endpoint with a new secret.
func (r *Resolver) createWebhookEndpoint(ctx context.Context, projectID uuid.UUID, in model.WebhookEndpointInput) (*model.WebhookEndpointWithSecret, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	types, err := r.checkEndpointInput(in)
	if err != nil {
		return nil, err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, err
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
		return nil, err
	}
	idempotency.NoteSecret(ctx, secret)
	return &model.WebhookEndpointWithSecret{Endpoint: ep, Secret: secret}, nil
}

// projectEndpoint reads an endpoint of a project (NOT_FOUND otherwise).
func projectEndpoint(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.WebhookEndpoint, error) {
	ep, err := client.WebhookEndpoint.Query().
		Where(webhookendpoint.ID(id), webhookendpoint.ProjectID(projectID)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("webhook endpoint")
	}
	return ep, err
}

// webhookEndpoints lists a project's endpoints, oldest first.
func (r *Resolver) webhookEndpoints(ctx context.Context, projectID uuid.UUID) ([]*ent.WebhookEndpoint, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.WebhookEndpoint.Query().
		Where(webhookendpoint.ProjectID(projectID)).
		Order(webhookendpoint.ByCreatedAt(), webhookendpoint.ByID()).
		All(ctx)
}

// updateWebhookEndpoint replaces an endpoint's settings. Enabling it clears the
// failure run and the reason the server disabled it.
func (r *Resolver) updateWebhookEndpoint(ctx context.Context, projectID, id uuid.UUID, in model.WebhookEndpointInput) (*ent.WebhookEndpoint, error) {
	client := r.db(ctx)
	ep, err := projectEndpoint(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	types, err := r.checkEndpointInput(in)
	if err != nil {
		return nil, err
	}
	upd := client.WebhookEndpoint.UpdateOne(ep).SetURL(in.URL).SetEventTypes(types)
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

// deleteWebhookEndpoint deletes an endpoint; its deliveries and attempts go with it.
func (r *Resolver) deleteWebhookEndpoint(ctx context.Context, projectID, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	if _, err := projectEndpoint(ctx, client, projectID, id); err != nil {
		return uuid.Nil, err
	}
	return id, client.WebhookEndpoint.DeleteOneID(id).Exec(ctx)
}

// rotateWebhookEndpointSecret gives the endpoint a new secret; the current one
// keeps signing for the overlap.
func (r *Resolver) rotateWebhookEndpointSecret(ctx context.Context, projectID, id uuid.UUID, overlapSeconds *int) (*model.WebhookEndpointWithSecret, error) {
	overlap := r.webhooks.SecretOverlap
	if overlapSeconds != nil {
		if *overlapSeconds < 0 || *overlapSeconds > 30*24*3600 {
			return nil, FieldError("overlapSeconds", "must be between 0 and 2592000 (30 days)")
		}
		overlap = time.Duration(*overlapSeconds) * time.Second
	}
	client := r.db(ctx)
	ep, err := projectEndpoint(ctx, client, projectID, id)
	if err != nil {
		return nil, err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, err
	}
	ep, err = client.WebhookEndpoint.UpdateOne(ep).
		SetSecret(secret).
		SetPreviousSecret(ep.Secret).
		SetPreviousSecretExpiresAt(time.Now().Add(overlap)).
		Save(ctx)
	if err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, secret)
	return &model.WebhookEndpointWithSecret{Endpoint: ep, Secret: secret}, nil
}

// webhookLogs pages a project's deliveries, newest first, with the filters.
func (r *Resolver) webhookLogs(ctx context.Context, projectID uuid.UUID, endpointID *uuid.UUID, eventType *string, status *webhookdelivery.Status, since, until *time.Time, first *int, after *entgql.Cursor[uuid.UUID]) (*ent.WebhookDeliveryConnection, error) {
	client := r.db(ctx)
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if since != nil && until != nil && !since.Before(*until) {
		return nil, FieldError("since", "must be before until")
	}
	q := client.WebhookDelivery.Query().Where(webhookdelivery.ProjectID(projectID))
	if endpointID != nil {
		q.Where(webhookdelivery.EndpointID(*endpointID))
	}
	if eventType != nil {
		q.Where(webhookdelivery.EventType(*eventType))
	}
	if status != nil {
		q.Where(webhookdelivery.StatusEQ(*status))
	}
	if since != nil {
		q.Where(webhookdelivery.CreatedAtGTE(*since))
	}
	if until != nil {
		q.Where(webhookdelivery.CreatedAtLT(*until))
	}
	return q.Paginate(ctx, after, first, nil, nil,
		ent.WithWebhookDeliveryOrder(&ent.WebhookDeliveryOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.WebhookDeliveryOrderFieldCreatedAt,
		}))
}

// resendWebhookEvent owes an event of the project again.
func (r *Resolver) resendWebhookEvent(ctx context.Context, projectID, eventID uuid.UUID, endpointID *uuid.UUID) ([]*ent.WebhookDelivery, error) {
	client := r.db(ctx)
	tx := ent.TxFromContext(ctx)
	ev, err := client.Event.Query().Where(event.ID(eventID), event.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("event")
	}
	if err != nil {
		return nil, err
	}
	only := uuid.Nil
	if endpointID != nil {
		ep, err := projectEndpoint(ctx, client, projectID, *endpointID)
		if err != nil {
			return nil, err
		}
		if !ep.Enabled {
			return nil, Errorf(KindConflict, "the endpoint is disabled; enable it first")
		}
		only = ep.ID
	}
	ids, err := r.webhooks.Events.Resend(ctx, tx, ev, only)
	if err != nil {
		return nil, err
	}
	return client.WebhookDelivery.Query().Where(webhookdelivery.IDIn(ids...)).Order(webhookdelivery.ByID()).All(ctx)
}

// resendFailedWebhookEvents owes again the failed events of an endpoint in a range.
func (r *Resolver) resendFailedWebhookEvents(ctx context.Context, projectID, endpointID uuid.UUID, since, until *time.Time) (int, error) {
	client := r.db(ctx)
	ep, err := projectEndpoint(ctx, client, projectID, endpointID)
	if err != nil {
		return 0, err
	}
	// Resending may find nothing to owe and so write no row for the tenancy
	// hooks to decide: the right to change the project's webhooks is asked first.
	proj, err := client.Project.Get(ctx, projectID)
	if err != nil {
		return 0, err
	}
	if err := tenancy.Require(ctx, perm.Write, perm.Resource{OrganizationID: proj.OrganizationID, Area: perm.Settings, ProjectID: projectID}, "webhook endpoint"); err != nil {
		return 0, err
	}
	if !ep.Enabled {
		return 0, Errorf(KindConflict, "the endpoint is disabled; enable it first")
	}
	to := time.Now()
	if until != nil {
		to = *until
	}
	from := to.Add(-72 * time.Hour)
	if since != nil {
		from = *since
	}
	if !from.Before(to) {
		return 0, FieldError("since", "must be before until")
	}
	return r.webhooks.Events.ResendFailed(ctx, ent.TxFromContext(ctx), endpointID, from, to)
}
