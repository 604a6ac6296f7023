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

	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// ImportItem is one video of a provider's account found by a migration (sync),
// with what importing it needs (its best download link), and, once imported, the
// Vidra video it became. The link lives here, not on the video: the video only
// carries it as its pull source URL while importing.
type ImportItem struct {
	ent.Schema
}

// Mixin of the ImportItem.
func (ImportItem) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("import item", "import_items", perm.Folders))}
}

// Fields of the ImportItem.
func (ImportItem) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.UUID("migration_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// ProviderID is the provider's id of the video (Vimeo: 123 of /videos/123).
		field.String("provider_id").NotEmpty().MaxLen(100).Immutable(),
		field.String("name").Default("").MaxLen(500),
		field.String("description").Default("").MaxLen(10000),
		// Duration is the length in seconds the provider reports.
		field.Int("duration").Default(0).Min(0),
		// DownloadURL is the best download link the provider offered at the sync
		// (empty when it offered none); providers' links expire, a new sync renews them.
		field.String("download_url").Default("").MaxLen(4096).Annotations(entgql.Skip()),
		field.String("download_quality").Default(""),
		field.Int64("download_size").Default(0).Min(0),
		field.Int("width").Default(0).Min(0),
		field.Int("height").Default(0).Min(0),
		// VideoID is the video the item was imported as; cleared when that video is deleted.
		field.UUID("video_id", uuid.UUID{}).Optional().Nillable().Annotations(entgql.Type("ID")),
		field.Time("imported_at").Optional().Nillable(),
	}
}

// Edges of the ImportItem.
func (ImportItem) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("video", Video.Type).Field("video_id").Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
	}
}

// Indexes of the ImportItem.
func (ImportItem) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("migration_id", "provider_id").Unique(),
		index.Fields("project_id", "provider_id"),
		// Deleting a video clears the items imported as it.
		index.Fields("video_id"),
	}
}

// Annotations of the ImportItem.
func (ImportItem) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection(), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)}
}
