package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// User is a person who signs in to Vidra.
type User struct {
	ent.Schema
}

// Mixin of the User.
func (User) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Users())}
}

// Fields of the User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		// Email is stored normalised (trimmed, lower case) by the accounts code.
		field.String("email").
			NotEmpty().
			MaxLen(320).
			Unique().
			Annotations(entgql.OrderField("EMAIL")),
		field.String("name").
			MaxLen(255).
			Default(""),
		// PasswordHash is the argon2id hash in its encoded form; nil for accounts
		// created through OAuth until they set a password.
		field.String("password_hash").
			Optional().
			Nillable().
			Sensitive().
			Annotations(entgql.Skip(entgql.SkipAll)),
		// EmailVerifiedAt is when the user proved they receive mail at Email.
		field.Time("email_verified_at").
			Optional().
			Nillable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)),
		// AvatarURL is an external image URL or the served address of an uploaded one.
		field.String("avatar_url").
			MaxLen(2048).
			Default("").
			Annotations(entgql.Skip(entgql.SkipWhereInput)),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("memberships", Membership.Type),
		edge.To("sessions", Session.Type).
			Annotations(entgql.Skip(entgql.SkipAll)),
		edge.To("identities", OAuthIdentity.Type).
			Annotations(entgql.Skip(entgql.SkipAll)),
	}
}

// Annotations of the User.
func (User) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
	}
}
