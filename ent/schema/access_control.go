package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// AccessControl holds a project's playback rules, enforced when media is served:
// public or signed-only playback, allowed embedding domains, country rules and the
// lifetime bounds of signed playback tokens. A project has at most one.
type AccessControl struct {
	ent.Schema
}

// Mixin of the AccessControl.
func (AccessControl) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("access control", "access_controls", perm.Settings))}
}

// Fields of the AccessControl.
func (AccessControl) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Unique().Immutable(),
		// Playback is public (anyone with the URL) or signed (a valid playback token).
		field.Enum("playback").Values("public", "signed").Default("public"),
		// AllowedDomains lists the hosts (or *.suffix patterns) that may embed the
		// player; empty means any.
		field.JSON("allowed_domains", []string{}).Default([]string{}),
		// AllowedCountries (ISO 3166-1 alpha-2), when not empty, are the only
		// countries playback is served to.
		field.JSON("allowed_countries", []string{}).Default([]string{}),
		// BlockedCountries (ISO 3166-1 alpha-2) are never served.
		field.JSON("blocked_countries", []string{}).Default([]string{}),
		// Token lifetimes in seconds: the default given to a token, and the bounds a
		// requested lifetime is clamped to.
		field.Int("token_ttl_default").Default(3600),
		field.Int("token_ttl_min").Default(60),
		field.Int("token_ttl_max").Default(86400),
	}
}

// Edges of the AccessControl.
func (AccessControl) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("access_control").
			Field("project_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Annotations of the AccessControl.
func (AccessControl) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
