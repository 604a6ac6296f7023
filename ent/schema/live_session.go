package schema

import (
	"time"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// LiveSession is one publishing session of a live stream, from the publisher's
// first connection to the end (reconnects inside the window included): the
// stream's history, written by the ingest node.
type LiveSession struct {
	ent.Schema
}

// Mixin of the LiveSession.
func (LiveSession) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("live session", "live_sessions", perm.Livestreams))}
}

// Fields of the LiveSession.
func (LiveSession) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("live_stream_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(entgql.Type("ID")),
		// VideoID is the session's recording; nil when the stream does not
		// record, or once the video is deleted.
		field.UUID("video_id", uuid.UUID{}).Optional().Nillable().Annotations(entgql.Type("ID")),
		// NodeID is the ingest node that served the session.
		field.String("node_id").Default(""),
		field.Enum("protocol").Values("rtmp", "rtmps", "srt"),
		// RemoteAddr is the publisher's address (ip:port).
		field.String("remote_addr").Default(""),
		field.Time("started_at").Default(time.Now).Immutable().Annotations(entgql.OrderField("STARTED_AT")),
		// EndedAt and EndReason are nil while the session runs.
		field.Time("ended_at").Optional().Nillable(),
		field.Enum("end_reason").
			Values("publisher_closed", "timeout", "max_duration", "disabled", "key_reset", "node_lost", "error", "deleted", "completed").
			Optional().
			Nillable(),
		// EndError details an end_reason error (bad codec, garbage, no keyframes).
		field.String("end_error").MaxLen(2000).Default(""),
		// Reconnects counts the publisher's reconnections inside the window.
		field.Int("reconnects").Default(0).NonNegative(),
		// Bytes received from the publisher, and the session's average bitrate
		// (over the time it was sending) and frame rate (over its media time),
		// across all its connections.
		field.Int64("bytes").Default(0).NonNegative(),
		field.Int("bitrate_kbps").Default(0).NonNegative(),
		field.Float("fps").Default(0).Min(0),
		field.Float("keyframe_interval_seconds").Default(0).Min(0),
		field.String("video_codec").Default(""),
		field.String("audio_codec").Default(""),
		field.Int("width").Default(0).NonNegative(),
		field.Int("height").Default(0).NonNegative(),
		// Warnings are the stream's health notes (live.Warning* values), each once.
		field.Strings("warnings").Default([]string{}),
		// Simulcast is the state of each simulcast target during the session.
		field.JSON("simulcast", []live.SimulcastState{}).
			Default([]live.SimulcastState{}).
			Annotations(entgql.Type("[LiveSimulcastState!]")),
		// LastDataAt is when the publisher last sent data (stall detection).
		field.Time("last_data_at").Optional().Nillable(),
	}
}

// Edges of the LiveSession.
func (LiveSession) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("live_stream", LiveStream.Type).
			Ref("sessions").
			Field("live_stream_id").
			Unique().
			Required().
			Immutable(),
		// The recording outlives its session's row only as a plain video.
		edge.To("video", Video.Type).
			Field("video_id").
			Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
	}
}

// Indexes of the LiveSession.
func (LiveSession) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("live_stream_id", "started_at"),
		index.Fields("project_id", "started_at"),
	}
}

// Annotations of the LiveSession.
func (LiveSession) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
	}
}
