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

// Session is one sign-in of a user on one device: its access tokens name it (sid)
// and its refresh tokens belong to it. Revoking it ends them all at once.
type Session struct {
	ent.Schema
}

// Mixin of the Session.
func (Session) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.UserOwned("session", "sessions", "user_id", ""))}
}

// Fields of the Session.
func (Session) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Immutable(),
		// OrganizationID is the session's current organization (the org claim).
		field.UUID("organization_id", uuid.UUID{}).Optional().Nillable(),
		field.String("user_agent").MaxLen(1024).Default(""),
		field.String("ip_address").MaxLen(64).Default(""),
		field.Time("last_seen_at"),
		// RevokedAt ends the session: its access and refresh tokens stop working.
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of the Session.
func (Session) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("sessions").Field("user_id").Unique().Required().Immutable(),
		edge.To("refresh_tokens", RefreshToken.Type),
	}
}

// Indexes of the Session.
func (Session) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id")}
}

// Annotations of the Session.
func (Session) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
