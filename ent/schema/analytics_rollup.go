package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// AnalyticsHourly is the hourly rollup of analytics_views: one row per project,
// hour and dimensions. It is recomputed whole for a dirty hour, never incremented.
type AnalyticsHourly struct {
	ent.Schema
}

// Mixin of the AnalyticsHourly.
func (AnalyticsHourly) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics hourly rollup", "analytics_hourly")}
}

// Fields of the AnalyticsHourly: Bucket is the hour's start (epoch s).
func (AnalyticsHourly) Fields() []ent.Field {
	return rollupFields()
}

// Indexes of the AnalyticsHourly.
func (AnalyticsHourly) Indexes() []ent.Index { return rollupIndexes("analytics_hourly") }

// Annotations of the AnalyticsHourly.
func (AnalyticsHourly) Annotations() []schema.Annotation {
	return []schema.Annotation{entsqlTable("analytics_hourly"), entgql.Skip(entgql.SkipAll)}
}

// AnalyticsDaily is the daily rollup of analytics_views, recomputed like the
// hourly one.
type AnalyticsDaily struct {
	ent.Schema
}

// Mixin of the AnalyticsDaily.
func (AnalyticsDaily) Mixin() []ent.Mixin {
	return []ent.Mixin{analyticsTenant("analytics daily rollup", "analytics_daily")}
}

// Fields of the AnalyticsDaily: Bucket is the UTC day's start (epoch s).
func (AnalyticsDaily) Fields() []ent.Field {
	return rollupFields()
}

// Indexes of the AnalyticsDaily.
func (AnalyticsDaily) Indexes() []ent.Index { return rollupIndexes("analytics_daily") }

// Annotations of the AnalyticsDaily.
func (AnalyticsDaily) Annotations() []schema.Annotation {
	return []schema.Annotation{entsqlTable("analytics_daily"), entgql.Skip(entgql.SkipAll)}
}

func rollupFields() []ent.Field {
	fs := []ent.Field{analyticsSerial(), analyticsProject(), field.Int64("bucket").Immutable()}
	fs = append(fs, analyticsDimensions()...)
	// FatalErrorCode is the views' fatal error code ("" for none): the failed
	// views by error code (player errors) read the rollups.
	fs = append(fs, field.String("fatal_error_code").MaxLen(64).Default("").Immutable())
	return append(fs, analyticsMeasures()...)
}

// rollupIndexes: the key of a rollup row. Its storage key is short, as
// PostgreSQL truncates identifiers at 63 bytes. NULL folder_id values do not
// collide in it, which is fine: rows are only ever inserted by a recompute that
// first deleted the bucket.
func rollupIndexes(table string) []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "bucket", "video_id", "folder_id", "country", "device_type", "os", "browser", "fatal_error_code").
			Unique().StorageKey(table + "_key"),
	}
}
