package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// LiveSimulcastTarget is an RTMP(S) destination a live stream is restreamed to
// without re-encoding (YouTube, Twitch...), at most live.MaxSimulcastTargets
// per stream.
type LiveSimulcastTarget struct {
	ent.Schema
}

// Mixin of the LiveSimulcastTarget.
func (LiveSimulcastTarget) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("live simulcast target", "live_simulcast_targets", perm.Livestreams))}
}

// Fields of the LiveSimulcastTarget.
func (LiveSimulcastTarget) Fields() []ent.Field {
	skipInputs := entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)
	return []ent.Field{
		field.UUID("live_stream_id", uuid.UUID{}).Immutable().Annotations(skipInputs, entgql.Type("ID")),
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(skipInputs, entgql.Type("ID")),
		field.String("name").NotEmpty().MaxLen(255),
		// URL is the rtmp:// or rtmps:// address without the stream key.
		field.String("url").NotEmpty().MaxLen(2048).Validate(live.ValidateSimulcastURL),
		// StreamKey is appended to URL as its last path element when publishing;
		// it is never returned whole (streamKeyLast4).
		field.String("stream_key").NotEmpty().MaxLen(1024).Sensitive(),
		field.Bool("enabled").Default(true),
	}
}

// Edges of the LiveSimulcastTarget.
func (LiveSimulcastTarget) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("live_stream", LiveStream.Type).
			Ref("simulcast_targets").
			Field("live_stream_id").
			Unique().
			Required().
			Immutable().
			Annotations(entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Indexes of the LiveSimulcastTarget.
func (LiveSimulcastTarget) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("live_stream_id", "created_at"),
	}
}

// Annotations of the LiveSimulcastTarget.
func (LiveSimulcastTarget) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.Skip(entgql.SkipWhereInput),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}
