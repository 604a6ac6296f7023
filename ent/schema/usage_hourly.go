package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// UsageHourly is the delivered usage of a project in one UTC hour (bytes and
// milliseconds of segments served by /v1/play), added to by the idempotent
// flushes of the in-memory counters. It replaces playback_usages.
type UsageHourly struct {
	ent.Schema
}

// Mixin of the UsageHourly.
func (UsageHourly) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, usageTenant("usage", "usage_hourlies")}
}

// Fields of the UsageHourly.
func (UsageHourly) Fields() []ent.Field {
	return append(usageOwner(),
		usageMetric(),
		// Hour is the start of the UTC hour.
		field.Time("hour").Immutable(),
		// Quantity is bytes, or milliseconds for a seconds metric.
		field.Int64("quantity").Default(0).NonNegative(),
	)
}

// Indexes of the UsageHourly.
func (UsageHourly) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("project_id", "metric", "hour").Unique(),
		index.Fields("organization_id", "hour"),
	}
}

// Annotations of the UsageHourly.
func (UsageHourly) Annotations() []schema.Annotation { return usageAnnotations() }
