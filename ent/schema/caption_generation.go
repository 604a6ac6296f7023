package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// CaptionGeneration is one request for automatic captions of a video in one
// language: a job extracts the speech, a speech engine transcribes it and the
// result becomes the video's caption for the language (auto_generated).
type CaptionGeneration struct {
	ent.Schema
}

// Mixin of the CaptionGeneration.
func (CaptionGeneration) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("caption generation", "caption_generations"))}
}

// Fields of the CaptionGeneration.
func (CaptionGeneration) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// Language is the BCP 47 tag of the speech, in canonical form.
		field.String("language").NotEmpty().MaxLen(35).Immutable(),
		// Engine is the kind of speech engine asked (pocketsphinx, openai).
		field.String("engine").NotEmpty().MaxLen(32).Immutable(),
		// Model is the engine's model, as configured when it was asked.
		field.String("model").MaxLen(200).Default("").Immutable(),
		// Status is queued, running while the engine works, then ready,
		// failed or canceled; only package captionlifecycle moves it.
		field.Enum("status").Values("queued", "running", "ready", "failed", "canceled").Default("queued"),
		// FailureReason says why a failed generation failed.
		field.String("failure_reason").Default("").MaxLen(2000),
		// CaptionID is the caption it made, once ready.
		field.UUID("caption_id", uuid.UUID{}).Optional().Nillable().Annotations(entgql.Type("ID")),
		// AudioSeconds is the length of the speech heard.
		field.Float("audio_seconds").Default(0).Min(0),
		// CPUSeconds is the processor time the engine spent on this machine.
		field.Float("cpu_seconds").Default(0).Min(0),
		// FinishedAt is when it became ready, failed or canceled.
		field.Time("finished_at").Optional().Nillable(),
	}
}

// Edges of the CaptionGeneration.
func (CaptionGeneration) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("caption_generations").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the CaptionGeneration.
func (CaptionGeneration) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("video_id", "created_at"),
		index.Fields("status"),
	}
}

// Annotations of the CaptionGeneration.
func (CaptionGeneration) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipWhereInput, entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)}
}

// Hooks of the CaptionGeneration: only package captionlifecycle sets the status.
func (CaptionGeneration) Hooks() []ent.Hook {
	return []ent.Hook{captionlifecycle.Guard()}
}
