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

// APIKey is a credential of an organization for programs (docs/spec.md 2.3):
// bound to an origin, expiring, acting with its grants only. Only a hash of
// its secret is kept.
type APIKey struct {
	ent.Schema
}

// Mixin of the APIKey.
func (APIKey) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationArea("API key", "api_keys", perm.API))}
}

// Fields of the APIKey.
func (APIKey) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		// CreatedBy is the user who created the key.
		field.UUID("created_by", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.String("name").MinLen(2).MaxLen(255).Annotations(entgql.OrderField("NAME")),
		// Origin is the browser origin the key is bound to.
		field.String("origin").NotEmpty().MaxLen(2048),
		// Prefix is the recognisable start of the secret ("vidra_"), Last4 its end:
		// enough to tell keys apart, never enough to use one.
		field.String("prefix").NotEmpty().MaxLen(16).Immutable(),
		field.String("last4").NotEmpty().MaxLen(4).Immutable(),
		// SecretHash is the SHA-256 of the secret, hex encoded.
		field.String("secret_hash").NotEmpty().Unique().Immutable().Sensitive().
			Annotations(entgql.Skip(entgql.SkipAll)),
		// Grants are the key's permissions, normalised (perm.Grant).
		field.JSON("grants", []perm.Grant{}).
			Annotations(entgql.Skip(entgql.SkipAll)),
		field.Time("expires_at").Immutable().Annotations(entgql.OrderField("EXPIRES_AT")),
		// LastUsedAt is when a request last used the key (minute resolution).
		field.Time("last_used_at").Optional().Nillable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Edges of the APIKey.
func (APIKey) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("organization", Organization.Type).Ref("api_keys").Field("organization_id").
			Unique().Required().Immutable(),
	}
}

// Indexes of the APIKey.
func (APIKey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("organization_id", "created_at")}
}

// Annotations of the APIKey.
func (APIKey) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection(), entgql.Type("APIKey")}
}
