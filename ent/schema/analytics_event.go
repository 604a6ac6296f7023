package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// AnalyticsEvent is one raw player event (the player log), kept 30 days. A
// view's events are numbered by the player (seq), so a resent batch is not
// stored twice.
type AnalyticsEvent struct {
	ent.Schema
}

// Mixin of the AnalyticsEvent.
func (AnalyticsEvent) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics event", "analytics_events")}
}

// Fields of the AnalyticsEvent.
func (AnalyticsEvent) Fields() []ent.Field {
	return []ent.Field{
		analyticsSerial(),
		analyticsProject(),
		field.UUID("view_id", uuid.UUID{}).Immutable(),
		field.Int("seq").Immutable(),
		field.Int64("ts_ms").Immutable(),
		// Type is viewstart, playing, pause, seeking, seeked, rebufferstart,
		// rebufferend, renditionchange, error, heartbeat, ended or viewend.
		field.String("type").MaxLen(32).Immutable(),
		field.Int64("playhead_ms").Default(0).Immutable(),
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		field.String("user_id").MaxLen(128).Default(""),
		// Detail is small JSON: error code/message/fatal, rendition, ...
		field.String("detail").MaxLen(1024).Default("").Immutable(),
	}
}

// Indexes of the AnalyticsEvent.
func (AnalyticsEvent) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("view_id", "seq").Unique(),
		index.Fields("project_id", "user_id", "ts_ms"),
	}
}

// Annotations of the AnalyticsEvent: the analytics GraphQL types are hand-written.
func (AnalyticsEvent) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
