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

// Folder (also called a collection) arranges a project's videos in a tree.
type Folder struct {
	ent.Schema
}

// Mixin of the Folder.
func (Folder) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Folders())}
}

// Fields of the Folder.
func (Folder) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		// ParentID is empty for a folder at the project's root.
		field.UUID("parent_id", uuid.UUID{}).
			Optional().
			Nillable().
			Annotations(entgql.Skip(entgql.SkipMutationUpdateInput)),
		field.String("name").
			NotEmpty().
			MaxLen(255).
			Annotations(entgql.OrderField("NAME")),
	}
}

// Edges of the Folder.
func (Folder) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("folders").
			Field("project_id").
			Unique().
			Required().
			Immutable(),
		edge.To("children", Folder.Type).
			Annotations(
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.From("parent", Folder.Type).
			Ref("children").
			Field("parent_id").
			Unique().
			Annotations(entgql.Skip(entgql.SkipMutationUpdateInput)),
		edge.To("videos", Video.Type).
			Annotations(
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
	}
}

// Indexes of the Folder: a project's root folders are found by
// (project_id, parent_id); a project's folders and a folder's children are
// Relay connections, with an index for each of their orders.
func (Folder) Indexes() []ent.Index {
	return append(
		orderedBy("project_id", "created_at", "updated_at", "name"),
		append(orderedBy("parent_id", "created_at", "updated_at", "name"),
			index.Fields("project_id", "parent_id"))...,
	)
}

// Annotations of the Folder.
func (Folder) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.QueryField(),
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}
