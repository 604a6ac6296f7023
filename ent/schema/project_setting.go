package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// ProjectSetting is one key of a project's settings (docs/spec.md 2.7); the value is
// kept as the exact string the client sent.
type ProjectSetting struct {
	ent.Schema
}

// Mixin of the ProjectSetting.
func (ProjectSetting) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("setting", "project_settings", perm.Settings))}
}

// Fields of the ProjectSetting.
func (ProjectSetting) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		field.String("key").
			NotEmpty().
			MaxLen(100).
			Immutable().
			Annotations(entgql.OrderField("KEY")),
		field.String("value").
			MaxLen(65536).
			Default("").
			SchemaType(map[string]string{dialect.Postgres: "text"}),
	}
}

// Edges of the ProjectSetting.
func (ProjectSetting) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("settings").
			Field("project_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the ProjectSetting.
func (ProjectSetting) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "key").Unique(),
	}
}

// Annotations of the ProjectSetting.
func (ProjectSetting) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
	}
}
