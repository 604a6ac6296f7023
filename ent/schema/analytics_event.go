package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// AnalyticsEvent is one raw player event (the player log), kept 30 days. It is
// kept small (it is the largest analytics table): its id is its view's number
// (analytics_views.ref) times 2^20 plus the event's seq, so the primary key is
// the (view, seq) uniqueness that keeps a resent batch from being stored twice,
// and the project, video and user are those of the view.
type AnalyticsEvent struct {
	ent.Schema
}

// Mixin of the AnalyticsEvent: the rows carry no project of their own (their
// view does), so no principal reads or changes them through ent; the player log
// and the erasure reach them through the views, after checking the project's
// analytics rights.
func (AnalyticsEvent) Mixin() []ent.Mixin {
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("analytics event", false)}}
}

// Fields of the AnalyticsEvent, ordered so PostgreSQL pads none.
func (AnalyticsEvent) Fields() []ent.Field {
	no := false
	return []ent.Field{
		// ID is ref<<20 | seq (analytics.EventID); never generated.
		field.Int64("id").Immutable().Annotations(entsql.Annotation{Incremental: &no}),
		field.Int64("ts_ms").Immutable(),
		field.Int64("playhead_ms").Default(0).Immutable(),
		// Type is the event type's code (analytics.TypeCode): viewstart, playing,
		// pause, seeking, seeked, rebufferstart, rebufferend, renditionchange,
		// error, heartbeat, ended or viewend.
		field.Int16("type").Immutable(),
		// Detail is small JSON (error code/message/fatal, rendition, ...); NULL
		// when the event has none.
		field.String("detail").MaxLen(1024).Optional().Nillable().Immutable(),
	}
}

// Annotations of the AnalyticsEvent: the analytics GraphQL types are hand-written.
func (AnalyticsEvent) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
