package endpoint

import (
	"context"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// defaultResendWindow is how far back ResendFailed looks without a since.
const defaultResendWindow = 72 * time.Hour

// LogFilter narrows a project's delivery log; nil fields do not filter.
type LogFilter struct {
	EndpointID   *uuid.UUID
	EventType    *string
	Status       *webhookdelivery.Status
	Since, Until *time.Time
}

// Logs pages a project's deliveries, newest first, with the filter.
func (s *Service) Logs(ctx context.Context, projectID uuid.UUID, f LogFilter, first *int, after *entgql.Cursor[uuid.UUID]) (*ent.WebhookDeliveryConnection, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if f.Since != nil && f.Until != nil && !f.Since.Before(*f.Until) {
		return nil, fault.FieldError("since", "must be before until")
	}
	q := client.WebhookDelivery.Query().Where(webhookdelivery.ProjectID(projectID))
	if f.EndpointID != nil {
		q.Where(webhookdelivery.EndpointID(*f.EndpointID))
	}
	if f.EventType != nil {
		q.Where(webhookdelivery.EventType(*f.EventType))
	}
	if f.Status != nil {
		q.Where(webhookdelivery.StatusEQ(*f.Status))
	}
	if f.Since != nil {
		q.Where(webhookdelivery.CreatedAtGTE(*f.Since))
	}
	if f.Until != nil {
		q.Where(webhookdelivery.CreatedAtLT(*f.Until))
	}
	return q.Paginate(ctx, after, first, nil, nil,
		ent.WithWebhookDeliveryOrder(&ent.WebhookDeliveryOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.WebhookDeliveryOrderFieldCreatedAt,
		}))
}

// Resend owes an event of the project again: to the one enabled endpoint
// named, or to every endpoint that takes it. It returns the new deliveries.
func (s *Service) Resend(ctx context.Context, projectID, eventID uuid.UUID, endpointID *uuid.UUID) ([]*ent.WebhookDelivery, error) {
	client := s.db(ctx)
	ev, err := client.Event.Query().Where(event.ID(eventID), event.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("event")
	}
	if err != nil {
		return nil, err
	}
	only := uuid.Nil
	if endpointID != nil {
		ep, err := s.Get(ctx, projectID, *endpointID)
		if err != nil {
			return nil, err
		}
		if !ep.Enabled {
			return nil, fault.Errorf(fault.KindConflict, "the endpoint is disabled; enable it first")
		}
		only = ep.ID
	}
	ids, err := s.d.Events.Resend(ctx, ent.TxFromContext(ctx), ev, only)
	if err != nil {
		return nil, err
	}
	return client.WebhookDelivery.Query().Where(webhookdelivery.IDIn(ids...)).Order(webhookdelivery.ByID()).All(ctx)
}

// ResendFailed owes again the events an enabled endpoint failed to take in a
// range (until defaults to now, since to 72 hours before until) and returns
// how many it owes.
func (s *Service) ResendFailed(ctx context.Context, projectID, endpointID uuid.UUID, since, until *time.Time) (int, error) {
	client := s.db(ctx)
	ep, err := s.Get(ctx, projectID, endpointID)
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
		return 0, fault.Errorf(fault.KindConflict, "the endpoint is disabled; enable it first")
	}
	to := time.Now()
	if until != nil {
		to = *until
	}
	from := to.Add(-defaultResendWindow)
	if since != nil {
		from = *since
	}
	if !from.Before(to) {
		return 0, fault.FieldError("since", "must be before until")
	}
	return s.d.Events.ResendFailed(ctx, ent.TxFromContext(ctx), endpointID, from, to)
}
