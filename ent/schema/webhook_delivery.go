package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// WebhookDelivery is one event owed to one endpoint: created in the event's
// transaction (or by a resend), delivered by a job with retries. A row still
// pending is owed work; the sweeper queues its job when it is missing.
type WebhookDelivery struct {
	ent.Schema
}

// Mixin of the WebhookDelivery.
func (WebhookDelivery) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("webhook delivery", "webhook_deliveries", perm.Settings))}
}

// Fields of the WebhookDelivery.
func (WebhookDelivery) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("event_id", uuid.UUID{}).Immutable(),
		field.UUID("endpoint_id", uuid.UUID{}).Immutable(),
		// ProjectID and EventType copy the event's, for filtering the logs.
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.String("event_type").Immutable(),
		// Status: pending until a 2xx answer (succeeded), a final failure (failed:
		// a 4xx other than 429, or retries exhausted) or the endpoint's deletion or
		// disabling (cancelled).
		field.Enum("status").Values("pending", "succeeded", "failed", "cancelled").Default("pending"),
		field.Int("attempts").Default(0),
		// LastStatusCode is the HTTP status of the last attempt; 0 when it got none.
		field.Int("last_status_code").Default(0),
		field.Time("completed_at").Optional().Nillable(),
	}
}

// Edges of the WebhookDelivery.
func (WebhookDelivery) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("event", Event.Type).Ref("deliveries").Field("event_id").
			Unique().Required().Immutable(),
		edge.From("endpoint", WebhookEndpoint.Type).Ref("deliveries").Field("endpoint_id").
			Unique().Required().Immutable(),
		// Attempts go with their delivery.
		edge.To("attempt_log", WebhookAttempt.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the WebhookDelivery.
func (WebhookDelivery) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "created_at"),
		index.Fields("endpoint_id", "created_at"),
		index.Fields("status"),
	}
}

// Annotations of the WebhookDelivery.
func (WebhookDelivery) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
	}
}
