package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// StaticRendition is a downloadable MP4 (or, for the sound, M4A) file of a
// video, remuxed from its HLS/DASH ladder without a second encode and served
// at /v1/play/{video}/downloads/{file_name} behind the video's access rules.
// A video has at most one per resolution.
type StaticRendition struct {
	ent.Schema
}

// Mixin of the StaticRendition.
func (StaticRendition) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.VideoContent("static rendition", "static_renditions"))}
}

// Fields of the StaticRendition.
func (StaticRendition) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("video_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// Resolution is what was asked for: "highest", "audio-only", or a
		// ladder height such as "720p".
		field.String("resolution").NotEmpty().MaxLen(16).Immutable(),
		// FileName is the file's name in its download URL: highest.mp4,
		// 720p.mp4 or audio.m4a.
		field.String("file_name").NotEmpty().MaxLen(32).Immutable(),
		// Status is preparing until the file is written, then ready (or failed);
		// only package staticlifecycle moves it.
		field.Enum("status").Values("preparing", "ready", "failed").Default("preparing"),
		// BlobKey is where the file is stored; empty until it is ready.
		field.String("blob_key").Default("").MaxLen(1024).Annotations(entgql.Skip()),
		// Width and Height are the picture's size (0 for audio-only).
		field.Int("width").Default(0).NonNegative(),
		field.Int("height").Default(0).NonNegative(),
		// Bytes is the file's size.
		field.Int64("bytes").Default(0).NonNegative(),
		// Bitrate is the file's average bit rate in bits per second.
		field.Int64("bitrate").Default(0).NonNegative(),
		// FailureReason says why a failed rendition failed.
		field.String("failure_reason").Default("").MaxLen(2000),
		// ReadyAt is when the file was last written.
		field.Time("ready_at").Optional().Nillable(),
	}
}

// Edges of the StaticRendition.
func (StaticRendition) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("video", Video.Type).
			Ref("static_renditions").
			Field("video_id").
			Unique().
			Required().
			Immutable(),
	}
}

// Indexes of the StaticRendition.
func (StaticRendition) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("video_id", "resolution").Unique(),
		index.Fields("status"),
	}
}

// Annotations of the StaticRendition.
func (StaticRendition) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipWhereInput, entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)}
}

// Hooks of the StaticRendition: only package staticlifecycle sets the status.
func (StaticRendition) Hooks() []ent.Hook {
	return []ent.Hook{staticlifecycle.Guard()}
}
