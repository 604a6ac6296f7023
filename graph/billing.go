package graph

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/plan"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	billingstripe "github.com/vidra-dev/vidra/internal/billing/stripe"
	"github.com/vidra-dev/vidra/internal/fault"
	orglib "github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
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

func (r *Resolver) billingService() *billing.Service {
	if r.billing.Service != nil {
		return r.billing.Service
	}
	return &billing.Service{Client: r.client, Runtime: billing.Runtime{Log: r.log}}
}

// billingError maps a billing refusal to the error vocabulary.
func billingError(err error) error {
	if err == nil {
		return nil
	}
	if e, ok := billing.AsError(err); ok {
		fe := fault.Wrap(Kind(e.Kind), e.Message, err)
		fe.Field = e.Field
		return fe
	}
	return err
}

// requireBilling returns the caller's principal when it may do a on its
// current organization's billing (owners and admins always may).
func requireBilling(ctx context.Context, a perm.Action) (*auth.Principal, error) {
	p, err := orglib.RequireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.Perm().Can(a, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Billing}) {
		return nil, Errorf(KindForbidden, "not allowed: this needs the billing %s permission", a)
	}
	return p, nil
}

// requireAdminHost refuses a request that did not present the admin key.
func requireAdminHost(ctx context.Context) error {
	if !auth.IsAdmin(ctx) {
		return Errorf(KindForbidden, "the admin host only: /v1/admin/plans with X-API-Key set to the admin key")
	}
	return nil
}

// catalogueContext reads the catalogue for anyone, signed in or not.
func catalogueContext(ctx context.Context) context.Context {
	return tenancy.RoutineContext(ctx, "read the plan catalogue")
}

// publicPlans lists the public plans that take subscriptions, by rank.
func (r *Resolver) publicPlans(ctx context.Context) ([]*ent.Plan, error) {
	return r.db(ctx).Plan.Query().
		Where(plan.Visibility(catalog.Public), plan.ArchivedAtIsNil()).
		Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).
		All(catalogueContext(ctx))
}

// planByID is a public plan that takes subscriptions, or the plan of the
// caller's organization's current subscription when it may read billing.
func (r *Resolver) planByID(ctx context.Context, id uuid.UUID) (*ent.Plan, error) {
	p, err := r.db(ctx).Plan.Get(catalogueContext(ctx), id)
	if ent.IsNotFound(err) {
		return nil, NotFound("plan")
	}
	if err != nil {
		return nil, err
	}
	if p.Visibility == catalog.Public && p.ArchivedAt == nil {
		return p, nil
	}
	if pr := auth.FromContext(ctx); pr != nil && pr.OrganizationID != uuid.Nil &&
		pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: pr.OrganizationID, Area: perm.Billing}) {
		cur, err := billing.Current(ctx, r.db(ctx), pr.OrganizationID)
		if err != nil {
			return nil, err
		}
		if cur != nil && cur.PlanID == p.ID {
			return p, nil
		}
	}
	return nil, NotFound("plan")
}

// accountPlans are the public plans plus the organization's current plan.
func (r *Resolver) accountPlans(ctx context.Context) ([]*ent.Plan, error) {
	p, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	cur, err := billing.Current(ctx, r.db(ctx), p.OrganizationID)
	if err != nil {
		return nil, err
	}
	pred := plan.And(plan.Visibility(catalog.Public), plan.ArchivedAtIsNil())
	if cur != nil {
		pred = plan.Or(pred, plan.ID(cur.PlanID))
	}
	return r.db(ctx).Plan.Query().Where(pred).
		Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).All(catalogueContext(ctx))
}

// planMetrics lists a plan's metrics in the catalogue's metric order.
func (r *Resolver) planMetrics(ctx context.Context, p *ent.Plan) ([]*ent.PlanMetric, error) {
	if ms, err := p.Edges.MetricsOrErr(); err == nil {
		return sortMetrics(ms), nil
	}
	ms, err := r.db(ctx).PlanMetric.Query().Where(planmetric.PlanID(p.ID)).All(catalogueContext(ctx))
	return sortMetrics(ms), err
}

func sortMetrics(ms []*ent.PlanMetric) []*ent.PlanMetric {
	out := make([]*ent.PlanMetric, 0, len(ms))
	for _, name := range catalog.Metrics {
		for _, m := range ms {
			if m.Metric == name {
				out = append(out, m)
			}
		}
	}
	return out
}

// currentPlan is the organization's subscription record (docs/spec.md 4.3).
func (r *Resolver) currentPlan(ctx context.Context) (*billing.Record, error) {
	p, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	sub, err := billing.Latest(ctx, r.db(ctx), p.OrganizationID)
	if err != nil {
		return nil, err
	}
	rec := billing.NoSubscription(p.OrganizationID)
	if sub != nil {
		rec = billing.RecordOf(sub)
	}
	return &rec, nil
}

func recordPtr(s *ent.Subscription) *billing.Record {
	if s == nil {
		return nil
	}
	rec := billing.RecordOf(s)
	return &rec
}

// planOffer is a plan by code with what subscribing to it would be.
func (r *Resolver) planOffer(ctx context.Context, code string) (*model.PlanOffer, error) {
	pr, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	db := r.db(ctx)
	p, err := billing.PlanByCode(catalogueContext(ctx), db, code)
	if err != nil {
		return nil, billingError(err)
	}
	cur, err := billing.Current(ctx, db, pr.OrganizationID)
	if err != nil {
		return nil, err
	}
	if p.ArchivedAt != nil && (cur == nil || cur.PlanID != p.ID) {
		return nil, NotFound("plan")
	}
	var curPlan *ent.Plan
	if cur != nil {
		if curPlan, err = db.Plan.Get(catalogueContext(ctx), cur.PlanID); err != nil {
			return nil, err
		}
	}
	offer := &model.PlanOffer{Plan: p, Change: billing.ChangeKind(cur, curPlan, p)}
	now := r.billingService().Clock()
	if offer.Change == billing.ChangeUpgrade && cur.Status == catalog.Active && cur.CurrentPeriodStart != nil && cur.CurrentPeriodEnd != nil {
		pro := billing.Prorate(curPlan.BaseAmountMinor, curPlan.PayInAdvance, p.BaseAmountMinor, p.PayInAdvance,
			*cur.CurrentPeriodStart, *cur.CurrentPeriodEnd, now)
		offer.ProrationCreditMinor, offer.ProrationChargeMinor = int(pro.CreditMinor), int(pro.ChargeMinor)
	}
	if offer.Change == billing.ChangeNew && p.TrialDays > 0 {
		had, err := db.Subscription.Query().Where(subscription.OrganizationID(pr.OrganizationID), subscription.TrialFamily(p.Family)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		offer.Trial = !had
	}
	return offer, nil
}

// subscriptionDetails is the organization's subscription with usage.
func (r *Resolver) subscriptionDetails(ctx context.Context) (*model.SubscriptionDetails, error) {
	pr, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	db := r.db(ctx)
	sub, err := billing.Latest(ctx, db, pr.OrganizationID)
	if err != nil {
		return nil, err
	}
	out := &model.SubscriptionDetails{Usage: []*model.MetricUsage{}, CurrentPeriodStart: billing.ZeroTime, CurrentPeriodEnd: billing.ZeroTime}
	if sub == nil {
		rec := billing.NoSubscription(pr.OrganizationID)
		out.Subscription = &rec
		return out, nil
	}
	out.Subscription = recordPtr(sub)
	out.CurrentPeriodStart, out.CurrentPeriodEnd = billing.FormatTime(sub.CurrentPeriodStart), billing.FormatTime(sub.CurrentPeriodEnd)
	p, err := db.Plan.Get(catalogueContext(ctx), sub.PlanID)
	if err != nil {
		return nil, err
	}
	out.Plan = p
	next, err := db.Subscription.Query().Where(subscription.PreviousSubscriptionID(sub.ID), subscription.Status(catalog.Pending)).First(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	out.Next = recordPtr(next)
	if err := r.billing.Limits.Check(pr.OrganizationID); err != nil {
		msg := err.Error()
		out.BlockedReason = &msg
	}
	if r.billing.Usage == nil || sub.CurrentPeriodStart == nil || !billing.IsCurrent(sub.Status) {
		return out, nil
	}
	metrics, err := r.planMetrics(ctx, p)
	if err != nil {
		return nil, err
	}
	totals, err := r.billing.Usage.Totals(ctx, pr.OrganizationID, *sub.CurrentPeriodStart, r.billingService().Clock())
	if err != nil {
		return nil, err
	}
	for _, m := range metrics {
		q := totals[m.Metric]
		u := &model.MetricUsage{Metric: m.Metric, Quantity: int(q), Included: int(m.Included)}
		if m.HardLimit != nil {
			limit := int(*m.HardLimit)
			u.HardLimit, u.Level = &limit, billing.Level(q, *m.HardLimit)
		}
		out.Usage = append(out.Usage, u)
	}
	return out, nil
}

// subscribe subscribes the current organization (billing.Service.Subscribe).
func (r *Resolver) subscribe(ctx context.Context, in model.SubscribeInput) (*model.SubscribeResult, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return nil, errors.New("subscribe: no transaction in context")
	}
	req := billing.SubscribeRequest{OrganizationID: pr.OrganizationID, PlanCode: strings.TrimSpace(in.PlanCode)}
	if pr.IsUser() {
		by := pr.UserID
		req.By = &by
	}
	if in.PaymentMethod != nil {
		req.PaymentMethod = *in.PaymentMethod
	}
	if in.PaymentGateway != nil {
		req.PaymentGateway = *in.PaymentGateway
	}
	if in.BillingTime != nil {
		req.BillingTime = *in.BillingTime
	}
	res, err := r.billingService().Subscribe(ctx, tx, req)
	if err != nil {
		return nil, billingError(err)
	}
	return &model.SubscribeResult{Change: res.Kind, Subscription: recordPtr(res.Subscription), Next: recordPtr(res.Next),
		ProrationCreditMinor: int(res.Proration.CreditMinor), ProrationChargeMinor: int(res.Proration.ChargeMinor)}, nil
}

// cancelSubscription cancels the current organization's subscription.
func (r *Resolver) cancelSubscription(ctx context.Context, atPeriodEnd *bool) (*billing.Record, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return nil, errors.New("cancelSubscription: no transaction in context")
	}
	sub, err := r.billingService().Cancel(ctx, tx, pr.OrganizationID, atPeriodEnd != nil && *atPeriodEnd)
	if err != nil {
		return nil, billingError(err)
	}
	return recordPtr(sub), nil
}
