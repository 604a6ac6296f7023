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

// OAuthIdentity links a user to an account at an OAuth provider (google, github).
type OAuthIdentity struct {
	ent.Schema
}

// Mixin of the OAuthIdentity.
func (OAuthIdentity) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.UserOwned("identity", "oauth_identities", "user_id", ""))}
}

// Fields of the OAuthIdentity.
func (OAuthIdentity) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Immutable(),
		field.String("provider").NotEmpty().Immutable(),
		// Subject is the provider's stable id of the account.
		field.String("subject").NotEmpty().Immutable(),
		field.String("email").Default(""),
	}
}

// Edges of the OAuthIdentity.
func (OAuthIdentity) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("identities").Field("user_id").Unique().Required().Immutable(),
	}
}

// Indexes of the OAuthIdentity.
func (OAuthIdentity) Indexes() []ent.Index {
	return []ent.Index{index.Fields("provider", "subject").Unique()}
}

// Annotations of the OAuthIdentity.
func (OAuthIdentity) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
