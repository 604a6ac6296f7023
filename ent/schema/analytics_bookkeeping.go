package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// entsql names an analytics table exactly as the analytics contract does.
func entsqlTable(name string) schema.Annotation { return entsql.Annotation{Table: name} }

// AnalyticsDirtyHour marks an hour of a project whose views are not rolled up yet.
type AnalyticsDirtyHour struct {
	ent.Schema
}

// Mixin of the AnalyticsDirtyHour.
func (AnalyticsDirtyHour) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics dirty hour", "analytics_dirty_hours")}
}

// Fields of the AnalyticsDirtyHour.
func (AnalyticsDirtyHour) Fields() []ent.Field {
	return []ent.Field{analyticsSerial(), analyticsProject(), field.Int64("hour").Immutable()}
}

// Indexes of the AnalyticsDirtyHour.
func (AnalyticsDirtyHour) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "hour").Unique()}
}

// Annotations of the AnalyticsDirtyHour.
func (AnalyticsDirtyHour) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// AnalyticsDrop counts the input the collector filtered out, by project, hour
// and reason (bot_user_agent, headless, rate, unverified, bad_event,
// wrong_project, ...), so what was dropped is queryable.
type AnalyticsDrop struct {
	ent.Schema
}

// Mixin of the AnalyticsDrop.
func (AnalyticsDrop) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics drop", "analytics_drops")}
}

// Fields of the AnalyticsDrop.
func (AnalyticsDrop) Fields() []ent.Field {
	return []ent.Field{
		analyticsSerial(),
		analyticsProject(),
		field.Int64("hour").Immutable(),
		field.String("reason").NotEmpty().MaxLen(32).Immutable(),
		field.Int64("count").Default(0),
	}
}

// Indexes of the AnalyticsDrop.
func (AnalyticsDrop) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "hour", "reason").Unique()}
}

// Annotations of the AnalyticsDrop.
func (AnalyticsDrop) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}

// AnalyticsDelivery is what Vidra's playback handler served for one video in
// one hour: server-side delivery figures that need no player.
type AnalyticsDelivery struct {
	ent.Schema
}

// Mixin of the AnalyticsDelivery.
func (AnalyticsDelivery) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics delivery", "analytics_delivery")}
}

// Fields of the AnalyticsDelivery.
func (AnalyticsDelivery) Fields() []ent.Field {
	return []ent.Field{
		analyticsSerial(),
		analyticsProject(),
		field.UUID("video_id", uuid.UUID{}).Immutable(),
		field.Int64("hour").Immutable(),
		field.Int64("bytes").Default(0),
		field.Int64("requests").Default(0),
		// SegmentSecondsMs is the media duration (ms) of the segments served.
		field.Int64("segment_seconds_ms").Default(0),
	}
}

// Indexes of the AnalyticsDelivery.
func (AnalyticsDelivery) Indexes() []ent.Index {
	return []ent.Index{index.Fields("project_id", "video_id", "hour").Unique()}
}

// Annotations of the AnalyticsDelivery.
func (AnalyticsDelivery) Annotations() []schema.Annotation {
	return []schema.Annotation{entsqlTable("analytics_delivery"), entgql.Skip(entgql.SkipAll)}
}

// AnalyticsSalt is the secret salt of one UTC day for viewer keys
// (HMAC-SHA256(salt, project|IP|UA)): a new one each day, each kept 48 hours so
// a session crossing midnight keeps its key, then deleted, so a viewer key can
// never be linked back to an IP afterwards.
type AnalyticsSalt struct {
	ent.Schema
}

// Mixin of the AnalyticsSalt: the server's own secret, never exposed.
func (AnalyticsSalt) Mixin() []ent.Mixin {
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("analytics salt", false)}}
}

// Fields of the AnalyticsSalt.
func (AnalyticsSalt) Fields() []ent.Field {
	return []ent.Field{
		analyticsSerial(),
		// Day is the UTC day's start (epoch s) the salt is for.
		field.Int64("day").Immutable(),
		field.Bytes("salt").Immutable().Sensitive().MaxLen(64),
		field.Int64("created_at").Immutable(),
	}
}

// Indexes of the AnalyticsSalt.
func (AnalyticsSalt) Indexes() []ent.Index {
	return []ent.Index{index.Fields("day").Unique()}
}

// Annotations of the AnalyticsSalt.
func (AnalyticsSalt) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
