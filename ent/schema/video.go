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

	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// Video is one media item of a project, from its upload to its playable renditions.
type Video struct {
	ent.Schema
}

// Mixin of the Video.
func (Video) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Videos())}
}

// Fields of the Video.
func (Video) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable(),
		field.UUID("folder_id", uuid.UUID{}).
			Optional().
			Nillable(),
		field.String("title").
			NotEmpty().
			MaxLen(500).
			Annotations(entgql.OrderField("TITLE")),
		field.String("description").
			MaxLen(10000).
			Default(""),
		// Status follows created -> uploading -> processing -> ready | failed; the
		// media pipeline moves it, clients never set it. A live session's
		// recording is live while the session runs, then processing.
		field.Enum("status").
			Values("created", "uploading", "processing", "ready", "failed", "live").
			Default("created").
			Annotations(
				entgql.OrderField("STATUS"),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// Duration is the length in seconds, 0 until the source has been probed.
		field.Float("duration").
			Default(0).
			Min(0).
			Annotations(
				entgql.OrderField("DURATION"),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// Size is the source file's size in bytes, 0 until uploaded.
		field.Int64("size").
			Default(0).
			NonNegative().
			Annotations(
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// FailureReason says why processing failed; empty unless status is failed.
		field.String("failure_reason").
			MaxLen(2000).
			Default("").
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// Progress is the share of processing done, from 0 to 1, while status is processing.
		field.Float("progress").
			Default(0).
			Min(0).
			Max(1).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// Width and Height are the source's display size in pixels, 0 until probed.
		field.Int("width").
			Default(0).
			NonNegative().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		field.Int("height").
			Default(0).
			NonNegative().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// SourceKey is the blob key of the uploaded source; set in the transaction
		// that completes the upload, it marks processing as owed (DESIGN "Durable work").
		field.String("source_key").
			MaxLen(1024).
			Default("").
			Annotations(entgql.Skip(entgql.SkipAll)),
		// SourceURL is the address a pulled video is imported from; with no source yet
		// and status uploading, it marks the import as owed.
		field.String("source_url").
			MaxLen(4096).
			Default("").
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// ClipSourceID is the video this one was cut from (createClip). With no
		// source yet and status uploading, it marks the cut as owed. A plain
		// field, not an edge: a clip outlives the video it was cut from.
		field.UUID("clip_source_id", uuid.UUID{}).
			Optional().
			Nillable().
			Immutable().
			Annotations(entgql.Type("ID"), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// ClipStart and ClipEnd are a clip's range of the video it was cut from,
		// in seconds: as asked until the cut, then as cut (on the source's frames).
		field.Float("clip_start").
			Optional().
			Nillable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)),
		field.Float("clip_end").
			Optional().
			Nillable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)),
		// Packaging is how the renditions are segmented: ts (MPEG-TS, HLS only:
		// every video processed before CMAF, and every encrypted one) or cmaf
		// (fragmented MP4 served as HLS and as DASH from the same files). The
		// media pipeline sets it when it processes the video.
		field.Enum("packaging").
			Values("ts", "cmaf").
			Default("ts").
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)),
		// Encrypted is true when the HLS segments are AES-128 encrypted (player_encryption).
		field.Bool("encrypted").
			Default(false).
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
		// EncryptionKey is the hex AES-128 key of encrypted segments, served only with a token.
		field.String("encryption_key").
			Default("").
			Sensitive().
			Annotations(entgql.Skip(entgql.SkipAll)),
		// ProcessingAttempts counts processing runs, so a source that kills its
		// worker every time fails instead of being retried for ever.
		field.Int("processing_attempts").
			Default(0).
			NonNegative().
			Annotations(entgql.Skip(entgql.SkipAll)),
		// Storyboard describes the storyboard sprite once it exists (the "timeline").
		field.JSON("storyboard", &media.Storyboard{}).
			Optional().
			Annotations(entgql.Skip(entgql.SkipAll)),
		// Metadata holds the client's custom key/value data, passed through untouched.
		field.JSON("metadata", map[string]any{}).
			Optional().
			Annotations(entgql.Type("Map")),
	}
}

// Edges of the Video.
func (Video) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("project", Project.Type).
			Ref("videos").
			Field("project_id").
			Unique().
			Required().
			Immutable(),
		edge.From("folder", Folder.Type).
			Ref("videos").
			Field("folder_id").
			Unique(),
		edge.To("tags", Tag.Type).
			Annotations(entgql.RelayConnection()),
		// Captions and chapters go with their video; the caption blobs live under the
		// video's blob prefix, which is scheduled for removal with it.
		edge.To("captions", Caption.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.To("chapters", Chapter.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// Renditions and thumbnails go with their video too; their blobs (under
		// jobs.VideoPrefix) are scheduled for removal with it.
		edge.To("renditions", Rendition.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		edge.To("thumbnails", Thumbnail.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// Static renditions (MP4 downloads) go with their video; their files
		// are under jobs.VideoPrefix too.
		edge.To("static_renditions", StaticRendition.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
			),
		// Caption generations (automatic captions asked for) go with their video.
		edge.To("caption_generations", CaptionGeneration.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipAll),
			),
	}
}

// Indexes of the Video. A project's and a folder's videos are Relay connections
// ordered by id (the default) or by one of the ordering fields with id as the
// tie-break; each order has an index that starts with the parent's key, so a
// page is read from it and stops at its LIMIT instead of sorting the parent's
// videos (ent/edgepage).
func (Video) Indexes() []ent.Index {
	return append(
		orderedBy("project_id", "created_at", "updated_at", "title", "status", "duration"),
		append(orderedBy("folder_id", "created_at", "updated_at", "title", "status", "duration"),
			index.Fields("status"))...,
	)
}

// Annotations of the Video.
func (Video) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.QueryField(),
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}

// Hooks of the Video: only the video lifecycle (package videolifecycle) sets
// the status, so no writer can skip or undo a transition.
func (Video) Hooks() []ent.Hook {
	return []ent.Hook{videolifecycle.Guard()}
}
