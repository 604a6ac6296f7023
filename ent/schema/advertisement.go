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

// Advertisement is an ad break served to a project's players from a VAST or VMAP tag.
type Advertisement struct {
	ent.Schema
}

// Mixin of the Advertisement.
func (Advertisement) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("advertisement", "advertisements", perm.Advertisements))}
}

// Fields of the Advertisement.
func (Advertisement) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).
			Immutable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		field.String("name").NotEmpty().MaxLen(255).Annotations(entgql.OrderField("NAME")),
		// TagURL is the absolute http(s) URL of the VAST or VMAP ad tag.
		field.String("tag_url").NotEmpty().MaxLen(2048),
		// Placement is where the break plays: before, during or after the video.
		field.Enum("placement").Values("pre_roll", "mid_roll", "post_roll"),
		// Offsets are the mid-roll positions in seconds, ascending; empty otherwise.
		field.JSON("offsets", []int{}).Default([]int{}),
		field.Bool("enabled").Default(true),
	}
}

// Edges of the Advertisement.
func (Advertisement) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("advertisements").
			Field("project_id").
			Unique().
			Required().
			Immutable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Indexes of the Advertisement.
func (Advertisement) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "created_at")}
}

// Annotations of the Advertisement.
func (Advertisement) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}
