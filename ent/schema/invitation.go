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

// Invitation asks someone, by email, to join an organization with a role and
// grants. Only a hash of its token is kept; it expires.
type Invitation struct {
	ent.Schema
}

// Mixin of the Invitation.
func (Invitation) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationAdmin("invitation", "invitations", false))}
}

// Fields of the Invitation.
func (Invitation) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		// Email is stored normalised (trimmed, lower case).
		field.String("email").NotEmpty().MaxLen(320).Immutable(),
		field.Enum("role").Values("owner", "admin", "member").Default("member").Immutable(),
		// Grants are the member's grants once accepted (perm.Grant).
		field.JSON("grants", []perm.Grant{}).Annotations(entgql.Skip(entgql.SkipAll)),
		field.UUID("invited_by", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// TokenHash is the SHA-256 of the token sent by mail, hex encoded.
		field.String("token_hash").NotEmpty().Unique().Immutable().Sensitive().
			Annotations(entgql.Skip(entgql.SkipAll)),
		field.Enum("status").Values("pending", "accepted", "rejected", "revoked", "expired").Default("pending").
			Annotations(entgql.OrderField("STATUS")),
		// Open is true while the invitation is pending and null once it is answered
		// or expired: the unique index on (organization, email, open) allows one
		// pending invitation per email, as nulls never clash.
		field.Bool("open").Optional().Nillable().Default(true).
			Annotations(entgql.Skip(entgql.SkipAll)),
		field.Time("expires_at").Immutable(),
		// RespondedAt is when it was accepted, rejected or revoked.
		field.Time("responded_at").Optional().Nillable(),
	}
}

// Edges of the Invitation.
func (Invitation) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("organization", Organization.Type).Ref("invitations").Field("organization_id").
			Unique().Required().Immutable(),
	}
}

// Indexes of the Invitation: one pending invitation per email and organization.
func (Invitation) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "email", "open").Unique().
			StorageKey("invitation_one_pending"),
		index.Fields("email"),
	}
}

// Annotations of the Invitation.
func (Invitation) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
