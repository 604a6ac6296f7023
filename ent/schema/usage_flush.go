package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/tenancy"
)

// UsageFlush records one flush of the in-memory delivery counters: its id is
// chosen before the first attempt and reused by every retry, and the row is
// inserted in the same transaction as the hourly increments, so a flush whose
// commit was not acknowledged is never counted twice.
type UsageFlush struct {
	ent.Schema
}

// Mixin of the UsageFlush.
func (UsageFlush) Mixin() []ent.Mixin {
	return []ent.Mixin{tenantMixin{rule: tenancy.Internal("usage flush", false)}}
}

// Fields of the UsageFlush.
func (UsageFlush) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Immutable(),
		field.Time("created_at").Default(time.Now).Immutable(),
		// Cells is the number of (project, hour, metric) increments the flush wrote.
		field.Int("cells").NonNegative().Immutable(),
	}
}

// Indexes of the UsageFlush.
func (UsageFlush) Indexes() []ent.Index {
	return []ent.Index{index.Fields("created_at")}
}

// Annotations of the UsageFlush.
func (UsageFlush) Annotations() []schema.Annotation { return usageAnnotations() }
