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

// Thumbnail is one still image of a video: generated at a time of the video, or
// uploaded by the client. The default one is the video's poster.
type Thumbnail struct {
	ent.Schema
}

// Mixin of the Thumbnail.
func (Thumbnail) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("thumbnail", "thumbnails"))}
}

// Fields of the Thumbnail.
func (Thumbnail) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		// Key is the image's blob key.
		field.String("key").NotEmpty().MaxLen(1024).Annotations(entgql.Skip(entgql.SkipAll)),
		// Kind tells a generated frame from an uploaded image.
		field.Enum("kind").Values("generated", "custom").Default("generated"),
		// TimeOffset is the second of the video the frame was taken at (0 for custom).
		field.Float("time_offset").Default(0).Min(0),
		field.Int("width").Default(0).NonNegative(),
		field.Int("height").Default(0).NonNegative(),
		// ContentType is the image's media type, e.g. image/jpeg.
		field.String("content_type").Default("image/jpeg").MaxLen(100),
		// IsDefault marks the video's poster; at most one per video.
		field.Bool("is_default").Default(false),
	}
}

// Edges of the Thumbnail.
func (Thumbnail) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("thumbnails").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the Thumbnail.
func (Thumbnail) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("video_id", "created_at"),
	}
}

// Annotations of the Thumbnail.
func (Thumbnail) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipWhereInput)}
}
