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
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
)

// TranscodingJob is a request of the transcoding jobs API: transcode a source (an
// existing video's, or a file pulled from a URL) into one (v1) or several (v2)
// HLS outputs written under transcoding/{id}/ in the bucket. The row is the
// record of the owed work: a queued or running job is (re)queued by its worker.
type TranscodingJob struct {
	ent.Schema
}

// Mixin of the TranscodingJob.
func (TranscodingJob) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("transcoding job", "transcoding_jobs", perm.Folders))}
}

// Fields of the TranscodingJob.
func (TranscodingJob) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// APIVersion is 1 (one output) or 2 (several outputs).
		field.Int("api_version").Immutable().Range(1, 2),
		// VideoID names the video whose source is transcoded; nil for a URL source.
		field.UUID("video_id", uuid.UUID{}).Optional().Nillable().Immutable().Annotations(entgql.Type("ID")),
		// SourceURL is the http(s) URL the source is pulled from; empty for a video source.
		field.String("source_url").Default("").MaxLen(4096).Immutable(),
		// Outputs are the requested renditions, lowest first.
		field.JSON("outputs", []transcode.Output{}).Annotations(entgql.Skip()),
		field.Enum("status").Values("queued", "running", "succeeded", "failed", "canceled").
			Default("queued").Annotations(entgql.OrderField("STATUS")),
		// Progress is the fraction done, 0 to 1.
		field.Float("progress").Default(0).Min(0).Max(1),
		// Priority orders queued jobs: higher first (0 to 100).
		field.Int("priority").Default(0).Range(0, 100).Annotations(entgql.OrderField("PRIORITY")),
		// FailureReason says why a failed job failed.
		field.String("failure_reason").Default("").MaxLen(2000),
		field.Time("started_at").Optional().Nillable(),
		field.Time("completed_at").Optional().Nillable(),
	}
}

// Indexes of the TranscodingJob.
func (TranscodingJob) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "status")}
}

// Annotations of the TranscodingJob.
func (TranscodingJob) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection(), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput)}
}

// Hooks of the TranscodingJob: only the transcoding job lifecycle (package
// transcodelifecycle) sets the status, so no writer can skip or undo a
// transition.
func (TranscodingJob) Hooks() []ent.Hook {
	return []ent.Hook{transcodelifecycle.Guard()}
}
