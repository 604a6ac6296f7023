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

// WebhookEndpoint is a URL of a project that receives signed deliveries of the
// project's events (webhooks/).
type WebhookEndpoint struct {
	ent.Schema
}

// Mixin of the WebhookEndpoint.
func (WebhookEndpoint) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("webhook endpoint", "webhook_endpoints", perm.Settings))}
}

// Fields of the WebhookEndpoint.
func (WebhookEndpoint) Fields() []ent.Field {
	skipInputs := entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(skipInputs, entgql.Type("ID")),
		// URL receives the POSTs: https, or http when configuration allows it.
		field.String("url").NotEmpty().MaxLen(2048),
		field.String("description").MaxLen(1000).Default(""),
		// EventTypes are the subscribed event types (events.Catalogue); empty means all.
		field.Strings("event_types").Default([]string{}),
		field.Bool("enabled").Default(true),
		// Secret signs deliveries: "whsec_" and base64 of 32 random bytes. It is
		// shown once, when created or rotated.
		field.String("secret").Sensitive().Annotations(entgql.Skip(entgql.SkipAll)),
		// PreviousSecret also signs until PreviousSecretExpiresAt, the overlap of a rotation.
		field.String("previous_secret").Sensitive().Default("").Annotations(entgql.Skip(entgql.SkipAll)),
		field.Time("previous_secret_expires_at").Optional().Nillable().Annotations(skipInputs),
		// FailingSince is when the current run of failed deliveries began; nil while
		// the last delivery succeeded. A run longer than the configured time disables
		// the endpoint.
		field.Time("failing_since").Optional().Nillable().Annotations(skipInputs),
		// DisabledReason says why the server disabled the endpoint; empty when a
		// client did, or when it is enabled.
		field.String("disabled_reason").Default("").Annotations(skipInputs),
	}
}

// Edges of the WebhookEndpoint.
func (WebhookEndpoint) Edges() []ent.Edge {
	return []ent.Edge{
		// Deliveries go with their endpoint.
		edge.To("deliveries", WebhookDelivery.Type).
			Annotations(entsql.OnDelete(entsql.Cascade), entgql.Skip(entgql.SkipAll)),
	}
}

// Indexes of the WebhookEndpoint.
func (WebhookEndpoint) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "created_at"),
	}
}

// Annotations of the WebhookEndpoint.
func (WebhookEndpoint) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
	}
}
