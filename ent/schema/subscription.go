package schema

import (
	"context"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Subscription is an organization's subscription to a plan: every field of
// docs/spec.md 2.2 plus the plan, the current period and the gateway's
// customer reference. Its status follows the state machine of package
// subscriptionlifecycle (package billing decides each move);
// unset times are nil (the API writes Go's zero time for them).
type Subscription struct {
	ent.Schema
}

// Mixin of the Subscription: the organization's billing area.
func (Subscription) Mixin() []ent.Mixin {
	return []ent.Mixin{BaseMixin{}, tenant(tenancy.OrganizationArea("subscription", "subscriptions", perm.Billing))}
}

// Fields of the Subscription.
func (Subscription) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("organization_id", uuid.UUID{}).Immutable(),
		field.UUID("plan_id", uuid.UUID{}),
		// SubscribeBy is the user who subscribed; nil for the server or an API key.
		field.UUID("subscribe_by", uuid.UUID{}).Optional().Nillable(),
		field.String("payment_method").Default(""),
		field.String("payment_gateway").Default(""),
		// BillingTime is calendar or anniversary.
		field.String("billing_time").Default(catalog.Calendar),
		// Name and PlanCode are the plan's at subscription time.
		field.String("name"),
		field.String("plan_code"),
		// Status is a catalog status, or "" while billing is off.
		field.String("status").Default(""),
		// IsCurrent mirrors catalog.IsCurrent(status), kept by the schema's hook:
		// the one-current-subscription index filters on it (a plain boolean
		// predicate reads the same on both databases).
		field.Bool("is_current").Default(false),
		field.Time("started_at").Optional().Nillable(),
		field.Time("ending_at").Optional().Nillable(),
		// SubscriptionAt is when the subscription starts (or started).
		field.Time("subscription_at").Optional().Nillable(),
		field.Time("canceled_at").Optional().Nillable(),
		field.Time("terminated_at").Optional().Nillable(),
		field.Time("downgrade_plan_date").Optional().Nillable(),
		field.Time("trial_ended_at").Optional().Nillable(),
		field.String("previous_plan_code").Default(""),
		field.String("next_plan_code").Default(""),
		// Plan is the plan's visibility label; Tax its tax code.
		field.String("plan").Default(""),
		field.String("tax").Default(""),
		// GracePeriod is in days.
		field.Int("grace_period").Default(0),
		// TrialEndsAt is when a trialing subscription's trial ends.
		field.Time("trial_ends_at").Optional().Nillable(),
		// TrialFamily is the plan family of the trial this subscription had: one
		// trial per organization and family (unique).
		field.String("trial_family").Optional().Nillable(),
		field.Time("current_period_start").Optional().Nillable(),
		field.Time("current_period_end").Optional().Nillable(),
		// PastDueAt is when the subscription became past_due (grace runs from it).
		field.Time("past_due_at").Optional().Nillable(),
		// UnpaidAt is when it became unpaid.
		field.Time("unpaid_at").Optional().Nillable(),
		// GatewayCustomerRef is the payment gateway's customer id.
		field.String("gateway_customer_ref").Default(""),
		// UsageAlerts is the highest usage warning sent this period per metric
		// (80 or 100, percent of the hard limit); cleared when a period starts.
		field.JSON("usage_alerts", map[string]int{}).Optional(),
		// PreviousSubscriptionID links a downgrade's pending subscription or an
		// upgrade's new one to the subscription it follows.
		field.UUID("previous_subscription_id", uuid.UUID{}).Optional().Nillable(),
	}
}

// Edges of the Subscription.
func (Subscription) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("plan_ref", Plan.Type).Ref("subscriptions").Field("plan_id").Unique().Required(),
	}
}

// Indexes of the Subscription.
func (Subscription) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("organization_id", "created_at"),
		index.Fields("status", "current_period_end"),
		// One trial per organization and plan family.
		index.Fields("organization_id", "trial_family").Unique().
			StorageKey("subscriptions_one_trial_per_family"),
		// At most one current subscription per organization.
		index.Fields("organization_id").Unique().
			StorageKey("subscriptions_one_current_per_org").
			Annotations(entsql.IndexWhere("is_current")),
	}
}

// Hooks of the Subscription: only the subscription state machine (package
// subscriptionlifecycle) sets the status, so no writer can skip or undo a
// transition; every mutation that sets the status sets is_current with it.
func (Subscription) Hooks() []ent.Hook {
	return []ent.Hook{
		subscriptionlifecycle.Guard(),
		func(next ent.Mutator) ent.Mutator {
			return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
				if v, ok := m.Field("status"); ok {
					status, _ := v.(string)
					if err := m.SetField("is_current", catalog.IsCurrent(status)); err != nil {
						return nil, err
					}
				}
				return next.Mutate(ctx, m)
			})
		},
	}
}

// Annotations of the Subscription: the GraphQL type (the 2.2 record) is
// written by hand.
func (Subscription) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(entgql.SkipAll)}
}
