package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Plan is a billing plan of the server's catalogue (package billing): managed
// on the admin host, independent of organizations. A plan in use is archived
// rather than deleted.
type Plan struct {
	ent.Schema
}

// Mixin of the Plan: everyone reads the catalogue, only the admin host changes it.
func (Plan) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.Catalogue("plan"))}
}

// Fields of the Plan.
func (Plan) Fields() []ent.Field {
	return []ent.Field{
		// Code names the plan in the API (subscribe, plans/{planCode}); never "current".
		field.String("code").NotEmpty().MaxLen(64).Unique(),
		field.String("name").NotEmpty().MaxLen(255),
		field.String("description").MaxLen(2000).Default(""),
		// Family groups plans for the one-trial rule (default: the code).
		field.String("family").NotEmpty().MaxLen(64),
		// Visibility is public or private (the seed's "plan" label).
		field.String("visibility").Default(catalog.Public),
		// Rank orders plans: a change to a higher rank is an upgrade.
		field.Int("rank").Default(0),
		// Interval is monthly or yearly.
		field.String("interval").Default(catalog.Monthly),
		// Currency is an ISO 4217 code.
		field.String("currency").MinLen(3).MaxLen(3),
		// BaseAmountMinor is the fee per interval in minor units.
		field.Int64("base_amount_minor").Default(0).NonNegative(),
		// PayInAdvance bills the fee at the start of a period (else at its end).
		field.Bool("pay_in_advance").Default(true),
		field.Int("trial_days").Default(0).NonNegative(),
		// GracePeriodDays is how long a past_due subscription keeps service.
		field.Int("grace_period_days").Default(0).NonNegative(),
		field.String("tax_code").MaxLen(64).Default(""),
		// ArchivedAt is set when the plan is withdrawn: no new subscriptions,
		// existing ones keep it.
		field.Time("archived_at").Optional().Nillable(),
	}
}

// Edges of the Plan.
func (Plan) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("metrics", PlanMetric.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("subscriptions", Subscription.Type),
	}
}

// Indexes of the Plan.
func (Plan) Indexes() []ent.Index {
	return []ent.Index{index.Fields("rank", "code")}
}

// Annotations of the Plan: the GraphQL types are written by hand (schema/billing.graphql).
func (Plan) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
