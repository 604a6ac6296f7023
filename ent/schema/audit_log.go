package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// AuditLog records one change made by a mutation: who (a user or an API key),
// which mutation, on what, in which organization, from where, when, and the
// fields it set (secrets redacted). Written by the server only (package audit).
type AuditLog struct {
	ent.Schema
}

// Mixin of the AuditLog: readable by the organization's owners and admins, never
// audited itself.
func (AuditLog) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenantMixin{rule: tenancy.OrganizationAdmin("audit", "audit_logs", true)}}
}

// Fields of the AuditLog.
func (AuditLog) Fields() []ent.Field {
	return []ent.Field{
		// OrganizationID is the organization the change was made in; empty for
		// changes outside any (sign-up, sign-in).
		field.UUID("organization_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		field.Enum("actor_type").Values("user", "api_key", "anonymous").Immutable(),
		// ActorID is the user or API key; empty for anonymous calls.
		field.UUID("actor_id", uuid.UUID{}).Optional().Nillable().Immutable().Annotations(entgql.Type("ID")),
		// Action is the GraphQL mutation (the REST row runs the same one).
		field.String("action").Immutable(),
		// EntityType is the ent type changed (e.g. Video); empty when the mutation
		// changed no row.
		field.String("entity_type").Default("").Immutable(),
		field.UUID("entity_id", uuid.UUID{}).Optional().Nillable().Immutable().Annotations(entgql.Type("ID")),
		// Operation is create, update or delete.
		field.String("operation").Default("").Immutable(),
		field.String("address").Default("").Immutable(),
		field.String("user_agent").Default("").Immutable(),
		// Changes are the fields set, by name, secrets redacted.
		field.JSON("changes", map[string]any{}).Optional().Immutable().Annotations(entgql.Type("Map")),
	}
}

// Edges of the AuditLog.
func (AuditLog) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("organization", Organization.Type).Ref("audit_logs").Field("organization_id").
			Unique().Immutable(),
	}
}

// Indexes of the AuditLog.
func (AuditLog) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "created_at"),
		index.Fields("organization_id", "actor_id"),
		index.Fields("organization_id", "entity_id"),
	}
}

// Annotations of the AuditLog.
func (AuditLog) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}
