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

// Caption is a subtitle track of a video in one language, stored as WebVTT in blob
// storage (SRT uploads are converted); a video has at most one per language.
type Caption struct {
	ent.Schema
}

// Mixin of the Caption.
func (Caption) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("caption", "captions"))}
}

// Fields of the Caption.
func (Caption) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		// Language is a BCP 47 tag in canonical form, e.g. en or pt-BR.
		field.String("language").NotEmpty().MaxLen(35),
		field.String("label").MaxLen(100).Default(""),
		// SourceFormat is the format the caption was uploaded in: vtt or srt.
		field.Enum("source_format").Values("vtt", "srt"),
		// BlobKey is where the WebVTT text is stored.
		field.String("blob_key").NotEmpty().MaxLen(1024),
		// Size is the stored WebVTT size in bytes.
		field.Int64("size").NonNegative(),
	}
}

// Edges of the Caption.
func (Caption) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("captions").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the Caption.
func (Caption) Indexes() []ent.Index {
	return []ent.Index{index.Fields("video_id", "language").Unique()}
}

// Annotations of the Caption.
func (Caption) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
