package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// EncodingProfile is a named transcoding ladder of a project. The default profile
// (at most one per project) sets the ladder new videos are transcoded with; without
// one, ladder.Default applies.
type EncodingProfile struct {
	ent.Schema
}

// Mixin of the EncodingProfile.
func (EncodingProfile) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("encoding profile", "encoding_profiles", perm.Settings))}
}

// Fields of the EncodingProfile.
func (EncodingProfile) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		field.String("name").NotEmpty().MaxLen(255).Annotations(entgql.OrderField("NAME")),
		field.Bool("is_default").Default(false),
		// Renditions is the validated ladder, ascending by height.
		field.JSON("renditions", []ladder.Rendition{}).
			Annotations(entgql.Type("[LadderRung!]")),
	}
}

// Edges of the EncodingProfile.
func (EncodingProfile) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("encoding_profiles").
			Field("project_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the EncodingProfile.
func (EncodingProfile) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "created_at"),
		// One default profile per project, enforced by the database.
		index.Fields("project_id").
			Unique().
			StorageKey("encoding_profiles_one_default_per_project").
			Annotations(entsql.IndexWhere("is_default")),
	}
}

// Annotations of the EncodingProfile.
func (EncodingProfile) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
