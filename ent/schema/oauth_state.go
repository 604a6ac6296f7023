package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// OAuthState is an OAuth sign-in in flight: the state sent to the provider (kept
// as its hash) and the PKCE verifier the callback must present. Used once.
type OAuthState struct {
	ent.Schema
}

// Mixin of the OAuthState.
func (OAuthState) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Internal("OAuth state", false))}
}

// Fields of the OAuthState.
func (OAuthState) Fields() []ent.Field {
	return []ent.Field{
		field.String("state_hash").NotEmpty().Immutable().Sensitive(),
		field.String("provider").NotEmpty().Immutable(),
		field.String("code_verifier").NotEmpty().Immutable().Sensitive(),
		field.Time("expires_at").Immutable(),
	}
}

// Indexes of the OAuthState.
func (OAuthState) Indexes() []ent.Index {
	return []ent.Index{index.Fields("state_hash").Unique()}
}

// Annotations of the OAuthState.
func (OAuthState) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
