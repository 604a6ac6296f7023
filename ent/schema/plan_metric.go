package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// PlanMetric is the price and limits of one metered quantity (catalog.Metrics)
// on a plan: an included amount, an optional hard limit and a pricing model.
type PlanMetric struct {
	ent.Schema
}

// Mixin of the PlanMetric: the catalogue's rule, as its plan.
func (PlanMetric) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Catalogue("plan metric"))}
}

// Fields of the PlanMetric.
func (PlanMetric) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("plan_id", uuid.UUID{}).Immutable(),
		// Metric is one of catalog.Metrics.
		field.String("metric").NotEmpty().Immutable(),
		// Included is the amount the base fee covers per period.
		field.Int64("included").Default(0).NonNegative(),
		// HardLimit refuses new uploads and playback sessions once the period's
		// usage reaches it; nil means no limit.
		field.Int64("hard_limit").Optional().Nillable(),
		// Model is standard, graduated, volume or package (catalog.Models).
		field.String("model").Default(catalog.Standard),
		// UnitPriceMicro is the standard or package price, in millionths of a
		// minor unit per unit (per package for the package model).
		field.Int64("unit_price_micro").Default(0).NonNegative(),
		// PackageSize is the units of one package (package model).
		field.Int64("package_size").Default(0).NonNegative(),
		// Tiers are the graduated or volume steps, ascending.
		field.JSON("tiers", []catalog.Tier{}).Optional(),
	}
}

// Edges of the PlanMetric.
func (PlanMetric) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("plan", Plan.Type).Ref("metrics").Field("plan_id").Unique().Required().Immutable(),
	}
}

// Indexes of the PlanMetric: one row per metric of a plan.
func (PlanMetric) Indexes() []ent.Index {
	return []ent.Index{index.Fields("plan_id", "metric").Unique()}
}

// Annotations of the PlanMetric: the GraphQL types are written by hand.
func (PlanMetric) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
