package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// UsageRecord is one metering fact that is not a delivery: the output seconds
// of a rendition encoded (source key encode:{rendition}), the input seconds of
// a live session in an hour (live:{session}:{hour}), or an adjustment. Facts
// are never edited: a correction is a new row with its own source key (and a
// negative quantity where it takes away).
type UsageRecord struct {
	ent.Schema
}

// Mixin of the UsageRecord.
func (UsageRecord) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, usageTenant("usage record", "usage_records")}
}

// Fields of the UsageRecord.
func (UsageRecord) Fields() []ent.Field {
	return append(usageOwner(),
		usageMetric(),
		// At is when the usage happened (the rendition ready, the live hour).
		field.Time("at").Immutable(),
		// Quantity is bytes, or milliseconds for a seconds metric.
		field.Int64("quantity").Immutable(),
		// SourceKey names the fact, so it is recorded once however often its
		// writer runs.
		field.String("source_key").NotEmpty().MaxLen(255).Unique().Immutable(),
	)
}

// Indexes of the UsageRecord.
func (UsageRecord) Indexes() []ent.Index {
	return []ent.Index{index.Fields("organization_id", "at"), index.Fields("project_id", "at")}
}

// Annotations of the UsageRecord.
func (UsageRecord) Annotations() []schema.Annotation { return usageAnnotations() }
