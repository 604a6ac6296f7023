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
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// LiveStream is a project's live input: a stream key that a publisher (OBS,
// ffmpeg) sends RTMP, RTMPS or SRT to, its settings, and its state. Each
// publishing session is a LiveSession with its own recording.
type LiveStream struct {
	ent.Schema
}

// Mixin of the LiveStream.
func (LiveStream) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.ProjectContent("live stream", "live_streams", perm.Livestreams))}
}

// Fields of the LiveStream.
func (LiveStream) Fields() []ent.Field {
	skipInputs := entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)
	server := entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput, entgql.SkipOrderField)
	return []ent.Field{
		field.UUID("project_id", uuid.UUID{}).Immutable().Annotations(skipInputs, entgql.Type("ID")),
		field.String("name").NotEmpty().MaxLen(255).Annotations(entgql.OrderField("NAME")),
		// KeyHash is the sha256 (hex) of the stream key (internal/live/livekey); the key
		// itself is shown once, when created or reset, and never stored.
		field.String("key_hash").NotEmpty().Unique().Sensitive().Annotations(entgql.Skip(entgql.SkipAll)),
		// KeyLast4 is the key's last four characters, to tell keys apart.
		field.String("key_last4").Default("").Annotations(server),
		// Enabled is false while the stream is disabled: publishers are refused.
		field.Bool("enabled").Default(true).Annotations(skipInputs),
		// Status is idle (no publisher), active (publishing), disconnected (the
		// publisher left, the reconnect window is open) or disabled.
		field.Enum("status").
			Values("idle", "active", "disconnected", "disabled").
			Default("idle").
			Annotations(skipInputs, entgql.OrderField("STATUS")),
		// LatencyMode is standard (2 s HLS segments) or low (LL-HLS partial segments).
		field.Enum("latency_mode").Values("standard", "low").Default("standard"),
		// ReconnectWindowSeconds is how long a session waits for its publisher to
		// come back before it ends; a reconnect inside it continues the session.
		field.Int("reconnect_window_seconds").Default(60).Range(0, 1800),
		// MaxDurationSeconds ends a session that has run this long.
		field.Int("max_duration_seconds").Default(43200).Range(60, 86400),
		// Record keeps each session as a video that becomes a VOD when it ends.
		field.Bool("record").Default(true),
		// Transcode builds the project's encoding-profile ladder live; false
		// transmuxes the publisher's stream as it is.
		field.Bool("transcode").Default(false),
		// NodeID is the ingest node that holds the lease while a publisher is on.
		field.String("node_id").Optional().Default("").Annotations(server),
		// LeaseUntil is when NodeID's lease expires unless renewed (heartbeat).
		field.Time("lease_until").Optional().Nillable().Annotations(server),
		// CurrentSessionID is the session in progress (active or disconnected).
		field.UUID("current_session_id", uuid.UUID{}).Optional().Nillable().Annotations(server, entgql.Type("ID")),
		// ReconnectDeadline is when an open reconnect window closes.
		field.Time("reconnect_deadline").Optional().Nillable().Annotations(server),
		// CompleteRequestedAt is set by updateLiveStreamStatus(COMPLETE): the
		// ingest node ends the session in progress at once (end reason completed),
		// with no reconnect window, when this is after the session started.
		field.Time("complete_requested_at").Optional().Nillable().Annotations(server),
	}
}

// Edges of the LiveStream.
func (LiveStream) Edges() []ent.Edge {
	return []ent.Edge{
		// Histories go with their stream; the recordings (videos) stay.
		edge.To("sessions", LiveSession.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.RelayConnection(),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
			),
		edge.To("simulcast_targets", LiveSimulcastTarget.Type).
			Annotations(
				entsql.OnDelete(entsql.Cascade),
				entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput, entgql.SkipWhereInput),
			),
	}
}

// Indexes of the LiveStream.
func (LiveStream) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "created_at"),
		// The sweeper looks for active streams whose lease expired.
		index.Fields("status", "lease_until"),
	}
}

// Annotations of the LiveStream.
func (LiveStream) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate(), entgql.MutationUpdate()),
	}
}

// Hooks of the LiveStream: only the stream lifecycle (package
// streamlifecycle) sets the status, so no writer can skip or undo a transition.
func (LiveStream) Hooks() []ent.Hook {
	return []ent.Hook{streamlifecycle.Guard()}
}
