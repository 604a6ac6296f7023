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

// Rendition is one rung of a video's HLS ladder (e.g. 720p) and how far it has got.
type Rendition struct {
	ent.Schema
}

// Mixin of the Rendition.
func (Rendition) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("rendition", "renditions"))}
}

// Fields of the Rendition.
func (Rendition) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		// Name is the rung's name and its folder under the video's HLS output, e.g. 720p.
		field.String("name").NotEmpty().MaxLen(50),
		field.Int("width").NonNegative(),
		field.Int("height").NonNegative(),
		// Bandwidth is the peak bit rate in bits per second announced in the master playlist.
		field.Int("bandwidth").NonNegative(),
		// Status is pending while transcoding, ready once playable, failed otherwise.
		field.Enum("status").Values("pending", "ready", "failed").Default("pending"),
	}
}

// Edges of the Rendition.
func (Rendition) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("renditions").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the Rendition.
func (Rendition) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("video_id", "name").Unique(),
	}
}

// Annotations of the Rendition.
func (Rendition) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipWhereInput)}
}
