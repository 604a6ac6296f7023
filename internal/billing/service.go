package billing

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/plan"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// EventRecorder records an event of a project in the transaction of the
// change that caused it (webhooks.Recorder).
type EventRecorder interface {
	Record(ctx context.Context, tx *ent.Tx, typ string, projectID uuid.UUID, data any) (*ent.Event, error)
}

// Service runs subscriptions. Its zero value works without events; Now is the
// clock (time.Now when nil).
type Service struct {
	// Client opens the transactions of the periodic advance (advance.go).
	Client *ent.Client
	// Runtime is the clock (time.Now when nil) and the logger.
	Runtime
	// Events records subscription.* and invoice.* events; nil records none.
	Events EventRecorder
	// UnpaidDays is how long an unpaid subscription lasts before it is
	// terminated; 30 when 0.
	UnpaidDays int
	// DraftWindow is how long a closed period's invoice stays a draft before
	// it is numbered; 1 h when 0.
	DraftWindow time.Duration
	// PaymentTermDays is the days from finalization to the due date; 14 when 0.
	PaymentTermDays int
	// NumberPrefix prefixes invoice numbers; "INV-" when empty.
	NumberPrefix string
}

// Clock is the service's time now, in UTC.
func (s *Service) Clock() time.Time { return s.now() }

// Change kinds of Subscribe and of a plan preview.
const (
	// ChangeNew is a first subscription (or one after the last ended).
	ChangeNew = "new"
	// ChangeUpgrade is a change to a higher rank: now, prorated.
	ChangeUpgrade = "upgrade"
	// ChangeDowngrade is a change to an equal or lower rank: at the period's end.
	ChangeDowngrade = "downgrade"
	// ChangeSame is the plan subscribed already.
	ChangeSame = "same"
)

// SubscribeRequest is a subscription to a plan.
type SubscribeRequest struct {
	OrganizationID uuid.UUID
	// By is the user subscribing; nil for an API key or the server.
	By             *uuid.UUID
	PlanCode       string
	PaymentMethod  string
	PaymentGateway string
	// BillingTime is calendar (default) or anniversary.
	BillingTime string
}

// Result is what Subscribe did.
type Result struct {
	// Kind is ChangeNew, ChangeUpgrade or ChangeDowngrade.
	Kind string
	// Subscription is the organization's current subscription afterwards (the
	// new one for a new subscription or an upgrade, the old one, now naming its
	// next plan, for a downgrade).
	Subscription *ent.Subscription
	// Next is the pending subscription a downgrade created.
	Next *ent.Subscription
	// Proration is the upgrade's proration (zero otherwise).
	Proration Proration
}

// Current returns the organization's current subscription (trialing, active,
// past_due or unpaid), or nil. client carries the caller's permissions.
func Current(ctx context.Context, client *ent.Client, orgID uuid.UUID) (*ent.Subscription, error) {
	sub, err := client.Subscription.Query().
		Where(subscription.OrganizationID(orgID), subscription.StatusIn(catalog.Trialing, catalog.Active, catalog.PastDue, catalog.Unpaid)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return sub, err
}

// Latest returns the organization's current subscription, else the last that
// ended (terminated most recently), or nil. A canceled subscription never
// started (a scheduled downgrade dropped before its date), so it is never the
// answer, though it was created after the one it would have followed.
func Latest(ctx context.Context, client *ent.Client, orgID uuid.UUID) (*ent.Subscription, error) {
	cur, err := Current(ctx, client, orgID)
	if err != nil || cur != nil {
		return cur, err
	}
	sub, err := client.Subscription.Query().
		Where(subscription.OrganizationID(orgID), subscription.StatusEQ(catalog.Terminated)).
		Order(ent.Desc(subscription.FieldTerminatedAt), ent.Desc(subscription.FieldCreatedAt), ent.Desc(subscription.FieldID)).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return sub, err
}

// pendingOf returns the pending subscription that follows sub, or nil.
func pendingOf(ctx context.Context, client *ent.Client, sub *ent.Subscription) (*ent.Subscription, error) {
	p, err := client.Subscription.Query().
		Where(subscription.PreviousSubscriptionID(sub.ID), subscription.Status(catalog.Pending)).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return p, err
}

// PlanByCode returns the plan of code, archived or not, or a NOT_FOUND *Error.
func PlanByCode(ctx context.Context, client *ent.Client, code string) (*ent.Plan, error) {
	p, err := client.Plan.Query().Where(plan.Code(code)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, refuse(KindNotFound, "plan %q not found", code)
	}
	return p, err
}

// ChangeKind is what subscribing to p would be for an organization whose
// current subscription is cur (nil: none) on plan curPlan.
func ChangeKind(cur *ent.Subscription, curPlan, p *ent.Plan) string {
	switch {
	case cur == nil || curPlan == nil:
		return ChangeNew
	case cur.PlanID == p.ID:
		return ChangeSame
	case p.Rank > curPlan.Rank:
		return ChangeUpgrade
	}
	return ChangeDowngrade
}

// Subscribe subscribes an organization to a plan in tx: a first subscription
// starts now (trialing when the plan has trial days and the organization had
// no trial in the plan's family, else active); a higher rank replaces the
// current subscription now with a proration; an equal or lower rank is
// scheduled for the end of the current period. The caller's permission is
// checked by the tenancy rules of tx's context.
func (s *Service) Subscribe(ctx context.Context, tx *ent.Tx, req SubscribeRequest) (*Result, error) {
	client := tx.Client()
	if req.BillingTime == "" {
		req.BillingTime = catalog.Calendar
	}
	if req.BillingTime != catalog.Calendar && req.BillingTime != catalog.Anniversary {
		return nil, invalid("billing_time", "billing_time must be calendar or anniversary")
	}
	p, err := PlanByCode(ctx, client, req.PlanCode)
	if err != nil {
		return nil, err
	}
	if p.ArchivedAt != nil {
		return nil, refuse(KindConflict, "plan %q is archived: it takes no new subscriptions", p.Code)
	}
	cur, err := Current(ctx, client, req.OrganizationID)
	if err != nil {
		return nil, err
	}
	var curPlan *ent.Plan
	if cur != nil {
		if curPlan, err = client.Plan.Get(tenancy.SystemContext(ctx, "plan of a subscription"), cur.PlanID); err != nil {
			return nil, err
		}
		if cur.Status == catalog.PastDue || cur.Status == catalog.Unpaid {
			return nil, refuse(KindPaymentRequired, "the subscription is %s: pay its open invoices before changing plans", cur.Status)
		}
	}
	now := s.now()
	switch kind := ChangeKind(cur, curPlan, p); kind {
	case ChangeSame:
		return nil, refuse(KindConflict, "already subscribed to plan %q", p.Code)
	case ChangeNew:
		sub, err := s.start(ctx, tx, req, p, now, nil)
		if err != nil {
			return nil, err
		}
		return &Result{Kind: kind, Subscription: sub}, nil
	case ChangeUpgrade:
		return s.upgrade(ctx, tx, req, cur, curPlan, p, now)
	default:
		return s.downgrade(ctx, tx, req, cur, p, now)
	}
}

// create builds the subscription row of p for req.
func create(client *ent.Client, req SubscribeRequest, p *ent.Plan) *ent.SubscriptionCreate {
	return client.Subscription.Create().
		SetOrganizationID(req.OrganizationID).SetPlanID(p.ID).SetNillableSubscribeBy(req.By).
		SetPaymentMethod(req.PaymentMethod).SetPaymentGateway(req.PaymentGateway).SetBillingTime(req.BillingTime).
		SetName(p.Name).SetPlanCode(p.Code).SetPlan(p.Visibility).SetTax(p.TaxCode).SetGracePeriod(p.GracePeriodDays)
}

// start creates a subscription starting now: a trial when one is owed.
// prev, when set, is the subscription it replaces (an upgrade): no trial then,
// and its period carries over.
func (s *Service) start(ctx context.Context, tx *ent.Tx, req SubscribeRequest, p *ent.Plan, now time.Time, prev *ent.Subscription) (*ent.Subscription, error) {
	client := tx.Client()
	c := create(client, req, p).SetStartedAt(now).SetSubscriptionAt(now)
	status := catalog.Active
	if prev == nil && p.TrialDays > 0 {
		had, err := client.Subscription.Query().
			Where(subscription.OrganizationID(req.OrganizationID), subscription.TrialFamily(p.Family)).
			Exist(tenancy.SystemContext(ctx, "one trial per plan family"))
		if err != nil {
			return nil, err
		}
		if !had {
			status = catalog.Trialing
			ends := now.AddDate(0, 0, p.TrialDays)
			c.SetTrialFamily(p.Family).SetTrialEndsAt(ends).SetCurrentPeriodStart(now).SetCurrentPeriodEnd(ends)
		}
	}
	if status == catalog.Active {
		start, end := PeriodBounds(now, now, p.Interval, req.BillingTime)
		if prev != nil && prev.CurrentPeriodStart != nil && prev.CurrentPeriodEnd != nil && prev.Status == catalog.Active {
			start, end = *prev.CurrentPeriodStart, *prev.CurrentPeriodEnd
		}
		if start.Before(now) && (prev == nil || prev.Status != catalog.Active) {
			start = now // the first paid period starts with the subscription
		}
		c.SetCurrentPeriodStart(start).SetCurrentPeriodEnd(end)
	}
	if prev != nil {
		c.SetPreviousPlanCode(prev.PlanCode).SetPreviousSubscriptionID(prev.ID).SetBillingTime(prev.BillingTime)
	}
	sub, err := subscriptionlifecycle.Created(ctx, c, status)
	if err != nil {
		return nil, err
	}
	if err := s.emit(ctx, tx, events.SubscriptionCreated, sub); err != nil {
		return nil, err
	}
	if status == catalog.Active && (prev == nil || prev.Status != catalog.Active) {
		// A first paid period (an upgraded trial's too): its in-advance fee
		// now. An active predecessor's period carries over with a proration.
		if _, err := s.invoiceFirstPeriod(ctx, tx, sub, p); err != nil {
			return nil, err
		}
	}
	return sub, nil
}

// upgrade replaces cur with a subscription of p now. The unused part of cur's
// in-advance fee is credited and p's fee for the rest of the period charged,
// both on one document finalized in tx (invoiceProration); a trial ends, and
// the first paid period is invoiced (start).
func (s *Service) upgrade(ctx context.Context, tx *ent.Tx, req SubscribeRequest, cur *ent.Subscription, curPlan, p *ent.Plan, now time.Time) (*Result, error) {
	if err := s.dropPending(ctx, tx, cur); err != nil {
		return nil, err
	}
	var pr Proration
	if cur.Status == catalog.Active && cur.CurrentPeriodStart != nil && cur.CurrentPeriodEnd != nil {
		if curPlan.Currency != p.Currency {
			return nil, refuse(KindConflict, "plan %q is billed in %s, the current plan in %s: cancel and subscribe instead",
				p.Code, p.Currency, curPlan.Currency)
		}
		// Over the whole period: a first period that started mid-month was
		// billed its share of the month's fee (firstPeriodFee).
		from, to := fullPeriod(curPlan, cur.BillingTime, *cur.CurrentPeriodStart, *cur.CurrentPeriodEnd)
		pr = Prorate(curPlan.BaseAmountMinor, curPlan.PayInAdvance, p.BaseAmountMinor, p.PayInAdvance, from, to, now)
	}
	if err := checkTransition(cur.Status, catalog.Terminated); err != nil {
		return nil, err
	}
	upd := tx.Subscription.UpdateOne(cur).SetTerminatedAt(now).SetEndingAt(now).
		SetNextPlanCode(p.Code).ClearDowngradePlanDate()
	if cur.Status == catalog.Trialing {
		upd.SetTrialEndedAt(now) // a paid upgrade ends the trial
	}
	old, err := subscriptionlifecycle.Moved(ctx, upd, cur.Status, catalog.Terminated)
	if err != nil {
		return nil, err
	}
	if err := s.emit(ctx, tx, SubscriptionEvent(cur.Status, old), old); err != nil {
		return nil, err
	}
	req.BillingTime = cur.BillingTime
	sub, err := s.start(ctx, tx, req, p, now, cur)
	if err != nil {
		return nil, err
	}
	if _, err := s.invoiceProration(ctx, tx, cur, sub, curPlan, p, pr, now); err != nil {
		return nil, err
	}
	return &Result{Kind: ChangeUpgrade, Subscription: sub, Proration: pr}, nil
}

// downgrade schedules p for the end of cur's period: a pending subscription,
// and cur names it (next_plan_code, downgrade_plan_date). A downgrade already
// scheduled is replaced.
func (s *Service) downgrade(ctx context.Context, tx *ent.Tx, req SubscribeRequest, cur *ent.Subscription, p *ent.Plan, now time.Time) (*Result, error) {
	if err := s.dropPending(ctx, tx, cur); err != nil {
		return nil, err
	}
	at := now
	if cur.CurrentPeriodEnd != nil {
		at = *cur.CurrentPeriodEnd
	}
	req.BillingTime = cur.BillingTime
	next, err := subscriptionlifecycle.Created(ctx, create(tx.Client(), req, p).SetSubscriptionAt(at).
		SetPreviousPlanCode(cur.PlanCode).SetPreviousSubscriptionID(cur.ID), catalog.Pending)
	if err != nil {
		return nil, err
	}
	old, err := tx.Subscription.UpdateOne(cur).SetNextPlanCode(p.Code).SetDowngradePlanDate(at).
		ClearCanceledAt().ClearEndingAt().Save(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.emit(ctx, tx, events.SubscriptionUpdated, old); err != nil {
		return nil, err
	}
	return &Result{Kind: ChangeDowngrade, Subscription: old, Next: next}, nil
}

// dropPending cancels the pending subscription following cur, if any, and
// clears cur's scheduled change.
func (s *Service) dropPending(ctx context.Context, tx *ent.Tx, cur *ent.Subscription) error {
	p, err := pendingOf(ctx, tx.Client(), cur)
	if err != nil || p == nil {
		return err
	}
	canceled, err := subscriptionlifecycle.Moved(ctx, tx.Subscription.UpdateOne(p).SetCanceledAt(s.now()), p.Status, catalog.Canceled)
	if err != nil {
		return err
	}
	if err := s.emit(ctx, tx, SubscriptionEvent(catalog.Pending, canceled), canceled); err != nil {
		return err
	}
	return tx.Subscription.UpdateOne(cur).SetNextPlanCode("").ClearDowngradePlanDate().Exec(ctx)
}

// Cancel cancels the organization's subscription: at the end of the current
// period (status unchanged, canceled_at now, ending_at the period's end) or
// now (terminated). A scheduled downgrade is dropped. Without a current
// subscription it is NOT_FOUND; a cancellation the state machine forbids
// (past_due now) is a CONFLICT.
func (s *Service) Cancel(ctx context.Context, tx *ent.Tx, orgID uuid.UUID, atPeriodEnd bool) (*ent.Subscription, error) {
	cur, err := Current(ctx, tx.Client(), orgID)
	if err != nil {
		return nil, err
	}
	if cur == nil {
		return nil, refuse(KindNotFound, "the organization has no current subscription")
	}
	now := s.now()
	if atPeriodEnd {
		if cur.CanceledAt != nil {
			return nil, refuse(KindConflict, "the subscription is canceled already; it ends at %s", FormatTime(cur.EndingAt))
		}
		if err := checkTransition(cur.Status, catalog.Terminated); err != nil {
			return nil, err
		}
		if err := s.dropPending(ctx, tx, cur); err != nil {
			return nil, err
		}
		end := now
		if cur.CurrentPeriodEnd != nil {
			end = *cur.CurrentPeriodEnd
		}
		sub, err := tx.Subscription.UpdateOne(cur).SetCanceledAt(now).SetEndingAt(end).
			SetNextPlanCode("").ClearDowngradePlanDate().Save(ctx)
		if err != nil {
			return nil, err
		}
		return sub, s.emit(ctx, tx, events.SubscriptionUpdated, sub)
	}
	if err := checkTransition(cur.Status, catalog.Terminated); err != nil {
		return nil, err
	}
	if err := s.dropPending(ctx, tx, cur); err != nil {
		return nil, err
	}
	sub, err := subscriptionlifecycle.Moved(ctx, tx.Subscription.UpdateOne(cur).SetCanceledAt(now).
		SetTerminatedAt(now).SetEndingAt(now).SetNextPlanCode("").ClearDowngradePlanDate(), cur.Status, catalog.Terminated)
	if err != nil {
		return nil, err
	}
	return sub, s.emit(ctx, tx, SubscriptionEvent(cur.Status, sub), sub)
}

// SubscriptionEvent is the event type of a subscription that moved from
// status from to its present one (subscription.updated when the status did
// not change).
func SubscriptionEvent(from string, sub *ent.Subscription) string {
	return subscriptionlifecycle.Event(from, sub.Status)
}

// emit records event typ of sub for every project of its organization (events
// and webhook endpoints are per project; billing is per organization).
func (s *Service) emit(ctx context.Context, tx *ent.Tx, typ string, sub *ent.Subscription) error {
	ctx = audit.WithOrganization(ctx, sub.OrganizationID) // the events' audit records
	s.log().InfoContext(ctx, "subscription change", "event", typ, "subscription_id", sub.ID,
		"organization_id", sub.OrganizationID, "plan_code", sub.PlanCode, "status", sub.Status)
	if s.Events == nil {
		return nil
	}
	sys := tenancy.SystemContext(ctx, "projects of a billing event")
	ids, err := tx.Project.Query().Where(project.OrganizationID(sub.OrganizationID)).IDs(sys)
	if err != nil {
		return err
	}
	rec := RecordOf(sub)
	for _, id := range ids {
		if _, err := s.Events.Record(ctx, tx, typ, id, rec); err != nil {
			return err
		}
	}
	return nil
}
