package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// AnalyticsViewerDaily is the daily rollup of analytics_views by viewer: one
// row per project, UTC day, rollup dimensions, player-reported user and viewer
// key, with the views' additive measures. Distinct counts (unique viewers) and
// the per-user lists read it for whole days instead of the views: its rows of
// one project and day are written together (the views of many projects
// interleave), and are narrow. It is recomputed whole for a dirty day, kept as
// long as the views, and a user's rows go with the user's erasure.
type AnalyticsViewerDaily struct {
	ent.Schema
}

// Mixin of the AnalyticsViewerDaily.
func (AnalyticsViewerDaily) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics viewer daily rollup", "analytics_viewer_daily")}
}

// Fields of the AnalyticsViewerDaily: Bucket is the UTC day's start (epoch s).
func (AnalyticsViewerDaily) Fields() []ent.Field {
	fs := []ent.Field{analyticsSerial(), analyticsProject(), field.Int64("bucket").Immutable()}
	fs = append(fs, analyticsDimensions()...)
	return append(fs,
		field.String("user_id").MaxLen(128).Default("").Immutable(),
		field.String("viewer_key").MaxLen(32).Default("").Immutable(),
		field.Int64("views").Default(0),
		field.Int64("attempts").Default(0),
		field.Int64("watched_ms").Default(0),
	)
}

// Indexes of the AnalyticsViewerDaily: a project's days (queries, recompute)
// and a project's user (erasure).
func (AnalyticsViewerDaily) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "bucket"),
		index.Fields("project_id", "user_id"),
	}
}

// Annotations of the AnalyticsViewerDaily.
func (AnalyticsViewerDaily) Annotations() []schema.Annotation {
	return []schema.Annotation{entsqlTable("analytics_viewer_daily"), entgql.Skip(entgql.SkipAll)}
}
