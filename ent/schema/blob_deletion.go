package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// BlobDeletion records blob storage owed for removal: written in the same
// transaction as the change that orphans the blobs (a deleted project, a replaced
// logo or caption), and drained by the media jobs, which delete the blobs and then
// the row. So no blob is removed before its change commits, and none is forgotten.
type BlobDeletion struct {
	ent.Schema
}

// Mixin of the BlobDeletion.
func (BlobDeletion) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Internal("blob deletion", true))}
}

// Fields of the BlobDeletion.
func (BlobDeletion) Fields() []ent.Field {
	return []ent.Field{
		// Key is a blob key, or a key prefix when Prefix is set.
		field.String("key").NotEmpty().MaxLen(1024).Immutable(),
		// Prefix means every blob whose key starts with Key is owed for removal.
		field.Bool("prefix").Default(false).Immutable(),
		// Reason says what orphaned the blobs, e.g. "project deleted".
		field.String("reason").MaxLen(255).Default("").Immutable(),
		// ProjectID is the project the blobs belonged to, when known.
		field.UUID("project_id", uuid.UUID{}).Optional().Nillable().Immutable(),
	}
}

// Indexes of the BlobDeletion.
func (BlobDeletion) Indexes() []ent.Index {
	return []ent.Index{index.Fields("created_at")}
}

// Annotations of the BlobDeletion: internal bookkeeping, not part of the API.
func (BlobDeletion) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
