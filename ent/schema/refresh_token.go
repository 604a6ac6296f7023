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

// RefreshToken is one opaque refresh token of a session, kept only as its SHA-256
// hash. Each is used once; using a used one again revokes its session.
type RefreshToken struct {
	ent.Schema
}

// Mixin of the RefreshToken.
func (RefreshToken) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.UserOwned("refresh token", "refresh_tokens", "session_id", "sessions"))}
}

// Fields of the RefreshToken.
func (RefreshToken) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("session_id", uuid.UUID{}).Immutable(),
		field.String("token_hash").NotEmpty().Immutable().Sensitive(),
		field.Time("expires_at").Immutable(),
		field.Time("used_at").Optional().Nillable(),
	}
}

// Edges of the RefreshToken.
func (RefreshToken) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("session", Session.Type).Ref("refresh_tokens").Field("session_id").Unique().Required().Immutable(),
	}
}

// Indexes of the RefreshToken.
func (RefreshToken) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("token_hash").Unique(),
		index.Fields("session_id"),
	}
}

// Annotations of the RefreshToken.
func (RefreshToken) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
