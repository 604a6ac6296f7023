package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// WebhookAttempt is one HTTP request of a delivery and what came back: the event
// log's line.
type WebhookAttempt struct {
	ent.Schema
}

// Mixin of the WebhookAttempt.
func (WebhookAttempt) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContentVia("webhook attempt", "webhook_attempts", "delivery_id", "webhook_deliveries", perm.Settings))}
}

// Fields of the WebhookAttempt.
func (WebhookAttempt) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("delivery_id", uuid.UUID{}).Immutable(),
		// StatusCode is the response's HTTP status; 0 when there was none (timeout,
		// refused connection, refused address).
		field.Int("status_code").Default(0).Immutable(),
		field.Int("duration_ms").Default(0).Immutable(),
		// ResponseBody is the start of the response body, at most 2 KiB.
		field.String("response_body").Default("").Immutable(),
		// Error says why the attempt failed without a response; empty otherwise.
		field.String("error").Default("").Immutable(),
		field.Bool("succeeded").Default(false).Immutable(),
	}
}

// Edges of the WebhookAttempt.
func (WebhookAttempt) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("delivery", WebhookDelivery.Type).Ref("attempt_log").Field("delivery_id").
			Unique().Required().Immutable(),
	}
}

// Indexes of the WebhookAttempt.
func (WebhookAttempt) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("delivery_id", "created_at"),
	}
}

// Annotations of the WebhookAttempt.
func (WebhookAttempt) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
	}
}
