package billing

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/plan"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
)

// PublicPlans lists the public plans that take subscriptions, by rank.
func (d *Desk) PublicPlans(ctx context.Context) ([]*ent.Plan, error) {
	return d.db(ctx).Plan.Query().
		Where(plan.Visibility(catalog.Public), plan.ArchivedAtIsNil()).
		Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).
		All(catalogueContext(ctx))
}

// Plan is a public plan that takes subscriptions, or the plan of the caller's
// organization's current subscription when it may read billing.
func (d *Desk) Plan(ctx context.Context, id uuid.UUID) (*ent.Plan, error) {
	db := d.db(ctx)
	p, err := db.Plan.Get(catalogueContext(ctx), id)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("plan")
	}
	if err != nil {
		return nil, err
	}
	if p.Visibility == catalog.Public && p.ArchivedAt == nil {
		return p, nil
	}
	if pr := auth.FromContext(ctx); pr != nil && pr.OrganizationID != uuid.Nil &&
		pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: pr.OrganizationID, Area: perm.Billing}) {
		cur, err := Current(ctx, db, pr.OrganizationID)
		if err != nil {
			return nil, err
		}
		if cur != nil && cur.PlanID == p.ID {
			return p, nil
		}
	}
	return nil, fault.NotFound("plan")
}

// AccountPlans are the public plans plus the organization's current plan.
func (d *Desk) AccountPlans(ctx context.Context) ([]*ent.Plan, error) {
	p, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	db := d.db(ctx)
	cur, err := Current(ctx, db, p.OrganizationID)
	if err != nil {
		return nil, err
	}
	pred := plan.And(plan.Visibility(catalog.Public), plan.ArchivedAtIsNil())
	if cur != nil {
		pred = plan.Or(pred, plan.ID(cur.PlanID))
	}
	return db.Plan.Query().Where(pred).
		Order(ent.Asc(plan.FieldRank), ent.Asc(plan.FieldCode)).All(catalogueContext(ctx))
}

// PlanMetrics lists a plan's metrics in the catalogue's metric order.
func (d *Desk) PlanMetrics(ctx context.Context, p *ent.Plan) ([]*ent.PlanMetric, error) {
	if ms, err := p.Edges.MetricsOrErr(); err == nil {
		return sortMetrics(ms), nil
	}
	ms, err := d.db(ctx).PlanMetric.Query().Where(planmetric.PlanID(p.ID)).All(catalogueContext(ctx))
	return sortMetrics(ms), err
}

// sortMetrics orders ms as catalog.Metrics does.
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

// CurrentPlan is the organization's subscription record (docs/spec.md 4.3).
func (d *Desk) CurrentPlan(ctx context.Context) (*Record, error) {
	p, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	sub, err := Latest(ctx, d.db(ctx), p.OrganizationID)
	if err != nil {
		return nil, err
	}
	rec := NoSubscription(p.OrganizationID)
	if sub != nil {
		rec = RecordOf(sub)
	}
	return &rec, nil
}

// recordPtr is s's record, or nil.
func recordPtr(s *ent.Subscription) *Record {
	if s == nil {
		return nil
	}
	rec := RecordOf(s)
	return &rec
}

// Offer is a plan with what subscribing to it would be.
type Offer struct {
	Plan *ent.Plan
	// Change is ChangeNew, ChangeUpgrade, ChangeDowngrade or ChangeSame.
	Change string
	// ProrationCreditMinor and ProrationChargeMinor are an upgrade's proration.
	ProrationCreditMinor int
	ProrationChargeMinor int
	// Trial is whether subscribing would start a trial.
	Trial bool
}

// PlanOffer is the plan of code with what subscribing to it would be for the
// caller's organization.
func (d *Desk) PlanOffer(ctx context.Context, code string) (*Offer, error) {
	pr, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	db := d.db(ctx)
	p, err := PlanByCode(catalogueContext(ctx), db, code)
	if err != nil {
		return nil, Fault(err)
	}
	cur, err := Current(ctx, db, pr.OrganizationID)
	if err != nil {
		return nil, err
	}
	if p.ArchivedAt != nil && (cur == nil || cur.PlanID != p.ID) {
		return nil, fault.NotFound("plan")
	}
	var curPlan *ent.Plan
	if cur != nil {
		if curPlan, err = db.Plan.Get(catalogueContext(ctx), cur.PlanID); err != nil {
			return nil, err
		}
	}
	offer := &Offer{Plan: p, Change: ChangeKind(cur, curPlan, p)}
	now := d.svc.Clock()
	if offer.Change == ChangeUpgrade && cur.Status == catalog.Active && cur.CurrentPeriodStart != nil && cur.CurrentPeriodEnd != nil {
		pro := Prorate(curPlan.BaseAmountMinor, curPlan.PayInAdvance, p.BaseAmountMinor, p.PayInAdvance,
			*cur.CurrentPeriodStart, *cur.CurrentPeriodEnd, now)
		offer.ProrationCreditMinor, offer.ProrationChargeMinor = int(pro.CreditMinor), int(pro.ChargeMinor)
	}
	if offer.Change == ChangeNew && p.TrialDays > 0 {
		had, err := db.Subscription.Query().Where(subscription.OrganizationID(pr.OrganizationID), subscription.TrialFamily(p.Family)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		offer.Trial = !had
	}
	return offer, nil
}

// MetricUsage is a metric's usage this period against the plan.
type MetricUsage struct {
	Metric    string
	Quantity  int
	Included  int
	HardLimit *int
	// Level is 0, 80 or 100: the warning level reached.
	Level int
}

// Details is the organization's subscription with its plan, period, usage,
// successor and blocked reason.
type Details struct {
	Subscription       *Record
	Plan               *ent.Plan
	CurrentPeriodStart string
	CurrentPeriodEnd   string
	Usage              []*MetricUsage
	Next               *Record
	BlockedReason      *string
}

// SubscriptionDetails is the organization's subscription with usage.
func (d *Desk) SubscriptionDetails(ctx context.Context) (*Details, error) {
	pr, err := requireBilling(ctx, perm.Read)
	if err != nil {
		return nil, err
	}
	db := d.db(ctx)
	sub, err := Latest(ctx, db, pr.OrganizationID)
	if err != nil {
		return nil, err
	}
	out := &Details{Usage: []*MetricUsage{}, CurrentPeriodStart: ZeroTime, CurrentPeriodEnd: ZeroTime}
	if sub == nil {
		rec := NoSubscription(pr.OrganizationID)
		out.Subscription = &rec
		return out, nil
	}
	out.Subscription = recordPtr(sub)
	out.CurrentPeriodStart, out.CurrentPeriodEnd = FormatTime(sub.CurrentPeriodStart), FormatTime(sub.CurrentPeriodEnd)
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
	if err := d.limits.Check(pr.OrganizationID); err != nil {
		msg := err.Error()
		out.BlockedReason = &msg
	}
	if d.usage == nil || sub.CurrentPeriodStart == nil || !IsCurrent(sub.Status) {
		return out, nil
	}
	metrics, err := d.PlanMetrics(ctx, p)
	if err != nil {
		return nil, err
	}
	totals, err := d.usage.Totals(ctx, pr.OrganizationID, *sub.CurrentPeriodStart, d.svc.Clock())
	if err != nil {
		return nil, err
	}
	for _, m := range metrics {
		q := totals[m.Metric]
		u := &MetricUsage{Metric: m.Metric, Quantity: int(q), Included: int(m.Included)}
		if m.HardLimit != nil {
			limit := int(*m.HardLimit)
			u.HardLimit, u.Level = &limit, Level(q, *m.HardLimit)
		}
		out.Usage = append(out.Usage, u)
	}
	return out, nil
}

// SubscribeInput is a subscription the caller asks for.
type SubscribeInput struct {
	PlanCode       string
	PaymentMethod  *string
	PaymentGateway *string
	// BillingTime is calendar (default) or anniversary.
	BillingTime *string
}

// Subscription is what Subscribe did, as the API answers it.
type Subscription struct {
	Change               string
	Subscription         *Record
	Next                 *Record
	ProrationCreditMinor int
	ProrationChargeMinor int
}

// Subscribe subscribes the caller's organization (Service.Subscribe).
func (d *Desk) Subscribe(ctx context.Context, in SubscribeInput) (*Subscription, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	req := SubscribeRequest{OrganizationID: pr.OrganizationID, PlanCode: strings.TrimSpace(in.PlanCode)}
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
	var res *Result
	err = d.inTx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		res, err = d.svc.Subscribe(ctx, tx, req)
		return err
	})
	if err != nil {
		return nil, Fault(err)
	}
	return &Subscription{Change: res.Kind, Subscription: recordPtr(res.Subscription), Next: recordPtr(res.Next),
		ProrationCreditMinor: int(res.Proration.CreditMinor), ProrationChargeMinor: int(res.Proration.ChargeMinor)}, nil
}

// CancelSubscription cancels the caller's organization's subscription, at the
// period's end or now (Service.Cancel).
func (d *Desk) CancelSubscription(ctx context.Context, atPeriodEnd bool) (*Record, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	var sub *ent.Subscription
	err = d.inTx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		sub, err = d.svc.Cancel(ctx, tx, pr.OrganizationID, atPeriodEnd)
		return err
	})
	if err != nil {
		return nil, Fault(err)
	}
	return recordPtr(sub), nil
}
