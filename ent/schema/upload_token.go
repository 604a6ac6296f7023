package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// UploadToken is a short-lived credential for one upload into a project: it names
// the video the upload becomes. Only the SHA-256 of the token is kept.
type UploadToken struct {
	ent.Schema
}

// Mixin of the UploadToken.
func (UploadToken) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("upload token", "upload_tokens", perm.Folders))}
}

// Fields of the UploadToken.
func (UploadToken) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		// TokenHash is the hex SHA-256 of the token handed to the client.
		field.String("token_hash").NotEmpty().Immutable().Sensitive(),
		// MaxSize is the largest upload, in bytes, the token admits.
		field.Int64("max_size").Positive().Immutable(),
		field.Time("expires_at").Immutable(),
		// UploadID is the tus upload created with the token; one upload per token.
		field.String("upload_id").Optional().Nillable(),
		// CompletedAt is when the upload finished and became the video's source.
		field.Time("completed_at").Optional().Nillable(),
	}
}

// Indexes of the UploadToken.
func (UploadToken) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("token_hash").Unique(),
		index.Fields("upload_id").Unique(),
		index.Fields("video_id"),
	}
}

// Annotations of the UploadToken.
func (UploadToken) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
