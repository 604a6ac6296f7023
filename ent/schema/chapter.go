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

// Chapter marks where a named section of a video starts.
type Chapter struct {
	ent.Schema
}

// Mixin of the Chapter.
func (Chapter) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("chapter", "chapters"))}
}

// Fields of the Chapter.
func (Chapter) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		field.String("title").NotEmpty().MaxLen(200),
		// StartSeconds is where the chapter starts, from the video's beginning.
		field.Float("start_seconds").Min(0),
	}
}

// Edges of the Chapter.
func (Chapter) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("chapters").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the Chapter.
func (Chapter) Indexes() []ent.Index {
	return []ent.Index{index.Fields("video_id", "start_seconds").Unique()}
}

// Annotations of the Chapter.
func (Chapter) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
