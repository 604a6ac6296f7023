package graph

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing"
	billingstripe "github.com/vidra-dev/vidra/internal/billing/stripe"
)

// BillingDeps are what the plan and subscription operations need.
type BillingDeps struct {
	// Service runs subscriptions; nil: a Service without events.
	Service *billing.Service
	// Limits is the in-memory limit state (subscription's blockedReason); may be nil.
	Limits *billing.Limits
	// Usage reads the period's usage (subscription's usage); nil: no usage shown.
	Usage billing.UsageSource
	// Stripe is the card gateway of createCheckoutSession; nil: no card
	// gateway (checkout refuses, invoices are paid manually).
	Stripe *billingstripe.Gateway
	// PDFs renders and stores invoice PDFs (invoicePDF); nil: refused.
	PDFs *billing.PDFs
}

// newBillingDesk is the billing domain's desk over d (internal/billing.Desk).
func (r *Resolver) newBillingDesk(d BillingDeps) *billing.Desk {
	svc := d.Service
	if svc == nil {
		svc = &billing.Service{Client: r.client, Runtime: billing.Runtime{Log: r.log}}
	}
	var checkout billing.CheckoutFunc
	if d.Stripe != nil {
		checkout = func(ctx context.Context, tx *ent.Tx, orgID uuid.UUID, currency string) (*billing.CheckoutSession, error) {
			s, err := d.Stripe.Checkout(ctx, tx, orgID, currency)
			if err != nil {
				return nil, err
			}
			return &billing.CheckoutSession{ID: s.ID, URL: s.URL}, nil
		}
	}
	return billing.NewDesk(billing.DeskDeps{Client: r.client, Service: svc, Limits: d.Limits, Usage: d.Usage,
		Checkout: checkout, PDFs: d.PDFs})
}

// planOffer is the GraphQL shape of a billing offer.
func planOffer(o *billing.Offer, err error) (*model.PlanOffer, error) {
	if err != nil {
		return nil, err
	}
	return &model.PlanOffer{Plan: o.Plan, Change: o.Change, ProrationCreditMinor: o.ProrationCreditMinor,
		ProrationChargeMinor: o.ProrationChargeMinor, Trial: o.Trial}, nil
}

// subscriptionDetails is the GraphQL shape of a subscription's details.
func subscriptionDetails(d *billing.Details, err error) (*model.SubscriptionDetails, error) {
	if err != nil {
		return nil, err
	}
	out := &model.SubscriptionDetails{Subscription: d.Subscription, Plan: d.Plan, CurrentPeriodStart: d.CurrentPeriodStart,
		CurrentPeriodEnd: d.CurrentPeriodEnd, Usage: make([]*model.MetricUsage, len(d.Usage)), Next: d.Next, BlockedReason: d.BlockedReason}
	for i, u := range d.Usage {
		out.Usage[i] = &model.MetricUsage{Metric: u.Metric, Quantity: u.Quantity, Included: u.Included, HardLimit: u.HardLimit, Level: u.Level}
	}
	return out, nil
}

// subscribeInput is a subscribe mutation's input for the billing desk.
func subscribeInput(in model.SubscribeInput) billing.SubscribeInput {
	return billing.SubscribeInput{PlanCode: in.PlanCode, PaymentMethod: in.PaymentMethod, PaymentGateway: in.PaymentGateway,
		BillingTime: in.BillingTime}
}

// subscribeResult is the GraphQL shape of what subscribe did.
func subscribeResult(s *billing.Subscription, err error) (*model.SubscribeResult, error) {
	if err != nil {
		return nil, err
	}
	return &model.SubscribeResult{Change: s.Change, Subscription: s.Subscription, Next: s.Next,
		ProrationCreditMinor: s.ProrationCreditMinor, ProrationChargeMinor: s.ProrationChargeMinor}, nil
}

// planInput is the admin host's plan input for the billing desk.
func planInput(in model.PlanInput) billing.PlanInput {
	return billing.PlanInput{Code: in.Code, Name: in.Name, Description: in.Description, Family: in.Family,
		Visibility: in.Visibility, Rank: in.Rank, Interval: in.Interval, Currency: in.Currency,
		BaseAmountMinor: in.BaseAmountMinor, PayInAdvance: in.PayInAdvance, TrialDays: in.TrialDays,
		GracePeriodDays: in.GracePeriodDays, TaxCode: in.TaxCode, Archived: in.Archived}
}

// planMetricInput is the admin host's plan metric input for the billing desk
// (tiers nil when not given, empty when given empty).
func planMetricInput(in model.PlanMetricInput) billing.PlanMetricInput {
	out := billing.PlanMetricInput{Metric: in.Metric, Included: in.Included, HardLimit: in.HardLimit, NoHardLimit: in.NoHardLimit,
		Model: in.Model, UnitPriceMicro: in.UnitPriceMicro, PackageSize: in.PackageSize}
	if in.Tiers != nil {
		out.Tiers = make([]billing.TierInput, len(in.Tiers))
		for i, t := range in.Tiers {
			out.Tiers[i] = billing.TierInput{UpTo: t.UpTo, UnitPriceMicro: t.UnitPriceMicro, FlatMinor: t.FlatMinor}
		}
	}
	return out
}

// planDeletion is the GraphQL shape of what deleting a plan did.
func planDeletion(d *billing.PlanDeletion, err error) (*model.PlanDeletion, error) {
	if err != nil {
		return nil, err
	}
	return &model.PlanDeletion{ID: d.ID, Archived: d.Archived, Deleted: d.Deleted}, nil
}
