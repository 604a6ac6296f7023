package schema

import (
	"context"
	"fmt"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/dialect/sql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"
	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/ent/intercept"
	"github.com/vidra-dev/vidra/internal/staticres"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Project groups the videos, folders, tags and settings of one product of an organization.
type Project struct {
	ent.Schema
}

// Mixin of the Project.
func (Project) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Projects())}
}

// Fields of the Project.
func (Project) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.String("name").
			NotEmpty().
			MaxLen(255).
			Annotations(entgql.OrderField("NAME")),
		field.String("description").
			MaxLen(5000).
			Default(""),
		// Logo is the blob key of the project's logo image, empty when none was uploaded.
		field.String("logo").
			MaxLen(1024).
			Default("").
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// StaticRenditions are the MP4 downloads every video of the project gets
		// when it is ready (highest, audio-only, or a height such as 720p);
		// empty makes none, and a video may still ask for its own.
		field.Strings("static_renditions").
			Default([]string{}).
			// The column's own default fills the projects made before it.
			Annotations(entsql.Default("[]")).
			Validate(staticres.ValidateList),
		// AutoCaptionsLanguage switches automatic captions on for the
		// project's videos: each video that becomes ready gets a caption
		// generation in this BCP 47 language. Empty (the default) is off.
		field.String("auto_captions_language").
			Default("").
			MaxLen(35).
			Validate(validAutoCaptionsLanguage),
		// DeletedAt is set when the project is deleted (a soft delete): deleted projects
		// are hidden from every query and can no longer be changed.
		field.Time("deleted_at").
			Optional().
			Nillable().
			Annotations(entgql.Skip(entgql.SkipAll)),
	}
}

// Edges of the Project.
func (Project) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("organization", Organization.Type).
			Ref("projects").
			Field("organization_id").
			Unique().
			Required().
			Immutable().
			// The create input's organizationID is hand-written (graph/model), since
			// it defaults to the caller's current organization.
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput)),
		edge.To("settings", ProjectSetting.Type).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		edge.To("folders", Folder.Type).
			Annotations(
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.To("videos", Video.Type).
			Annotations(
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.To("tags", Tag.Type).
			Annotations(
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.To("access_control", AccessControl.Type).
			Unique().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		edge.To("players", Player.Type).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		edge.To("advertisements", Advertisement.Type).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		edge.To("encoding_profiles", EncodingProfile.Type).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Indexes of the Project: an organization's projects are a Relay connection,
// with an index for each of its orders.
func (Project) Indexes() []ent.Index {
	return orderedBy("organization_id", "created_at", "updated_at", "name")
}

// Interceptors of the Project hide soft-deleted projects from every query,
// including edges and node lookups.
func (Project) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{
		intercept.TraverseFunc(func(_ context.Context, q intercept.Query) error {
			q.WhereP(sql.FieldIsNull("deleted_at"))
			return nil
		}),
	}
}

// Hooks of the Project: updates only reach projects that are not deleted, so a
// deleted project cannot be changed (an update by id then finds nothing).
func (Project) Hooks() []ent.Hook {
	return []ent.Hook{
		func(next ent.Mutator) ent.Mutator {
			return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
				if w, ok := m.(interface{ WhereP(...func(*sql.Selector)) }); ok && m.Op().Is(ent.OpUpdate|ent.OpUpdateOne) {
					w.WhereP(sql.FieldIsNull("deleted_at"))
				}
				return next.Mutate(ctx, m)
			})
		},
	}
}

// Annotations of the Project.
func (Project) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.QueryField(),
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}

// validAutoCaptionsLanguage accepts "" (automatic captions off) or a BCP 47
// language tag.
func validAutoCaptionsLanguage(tag string) error {
	if tag == "" {
		return nil
	}
	if t, err := language.Parse(tag); err != nil || t == language.Und {
		return fmt.Errorf("%q is not a BCP 47 language tag (e.g. en, pt-BR)", tag)
	}
	return nil
}
