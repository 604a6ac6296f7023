package billing

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Advance moves every subscription whose moment has come, each in a
// transaction of its own: a trial that ended becomes active; a subscription
// whose ending_at passed (canceled at the period's end) is terminated; at a
// period's end a scheduled downgrade starts, otherwise the period renews; a
// past_due subscription past its grace period becomes unpaid, and an unpaid
// one past UnpaidDays is terminated. It returns how many subscriptions moved.
// It is idempotent: run it as often as you like (the periodic job does).
func (s *Service) Advance(ctx context.Context) (int, error) {
	ctx = tenancy.SystemContext(ctx, "advance subscriptions")
	now := s.now()
	due, err := s.Client.Subscription.Query().Where(
		subscription.StatusIn(catalog.Trialing, catalog.Active, catalog.PastDue, catalog.Unpaid),
		subscription.Or(
			subscription.TrialEndsAtLTE(now),
			subscription.EndingAtLTE(now),
			subscription.CurrentPeriodEndLTE(now),
			subscription.PastDueAtNotNil(),
			subscription.UnpaidAtNotNil(),
		),
	).IDs(ctx)
	if err != nil {
		return 0, err
	}
	moved := 0
	var errs []error
	for _, id := range due {
		ok, err := s.advanceOne(ctx, id, now)
		if err != nil {
			s.log().ErrorContext(ctx, "advance subscription", "subscription_id", id, "err", err)
			errs = append(errs, err)
			continue
		}
		if ok {
			moved++
		}
	}
	return moved, errors.Join(errs...)
}

// advanceOne applies the first move due to one subscription, re-read in its
// transaction; it reports whether anything changed.
func (s *Service) advanceOne(ctx context.Context, id uuid.UUID, now time.Time) (bool, error) {
	// The server's own changes are audited too, under the action
	// billing.advance, each naming the subscription's organization (step sets
	// it once the row is read).
	ctx = audit.WithScope(ctx, &audit.Scope{Action: "billing.advance"})
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return false, err
	}
	changed, err := s.step(ctx, tx, id, now)
	if err != nil {
		return false, errors.Join(err, tx.Rollback())
	}
	if !changed {
		return false, tx.Rollback()
	}
	return true, tx.Commit()
}

func (s *Service) step(ctx context.Context, tx *ent.Tx, id uuid.UUID, now time.Time) (bool, error) {
	sub, err := tx.Subscription.Get(ctx, id)
	if err != nil {
		return false, err
	}
	if scope := audit.FromContext(ctx); scope != nil {
		scope.OrganizationID = sub.OrganizationID
	}
	p, err := tx.Plan.Get(ctx, sub.PlanID)
	if err != nil {
		return false, err
	}
	before := sub.Status
	upd := tx.Subscription.UpdateOne(sub)
	// after is the status the step moves to; before when it keeps it.
	after := before
	// A renewed period is no event of the subscription's (invoices report it).
	renewal := false
	// A trial that ends starts the first paid period: its in-advance fee is
	// invoiced after the move.
	firstPaid := false
	switch {
	case sub.EndingAt != nil && !sub.EndingAt.After(now) && CanTransition(sub.Status, catalog.Terminated):
		if sub.Status != catalog.Trialing {
			if err := s.closeFinal(ctx, tx, sub, *sub.EndingAt, time.Time{}, time.Time{}); err != nil {
				return false, err
			}
		}
		after = catalog.Terminated
		upd.SetTerminatedAt(*sub.EndingAt)
		if sub.Status == catalog.Trialing {
			upd.SetTrialEndedAt(*sub.EndingAt)
		}
	case sub.Status == catalog.Trialing && sub.TrialEndsAt != nil && !sub.TrialEndsAt.After(now):
		end := *sub.TrialEndsAt
		if sub.DowngradePlanDate != nil {
			return s.switchToNext(ctx, tx, sub, end)
		}
		start, pend := PeriodBounds(end, end, p.Interval, sub.BillingTime)
		if start.Before(end) {
			start = end
		}
		after = catalog.Active
		upd.SetTrialEndedAt(end).SetCurrentPeriodStart(start).SetCurrentPeriodEnd(pend).ClearUsageAlerts()
		firstPaid = true
	case sub.Status == catalog.Active && sub.CurrentPeriodEnd != nil && !sub.CurrentPeriodEnd.After(now):
		end := *sub.CurrentPeriodEnd
		if sub.DowngradePlanDate != nil && !sub.DowngradePlanDate.After(now) {
			return s.switchToNext(ctx, tx, sub, *sub.DowngradePlanDate)
		}
		anchor := end
		if sub.StartedAt != nil {
			anchor = *sub.StartedAt
		}
		start, pend := PeriodBounds(anchor, end, p.Interval, sub.BillingTime)
		if err := s.closeFinal(ctx, tx, sub, end, start, pend); err != nil {
			return false, err
		}
		upd.SetCurrentPeriodStart(start).SetCurrentPeriodEnd(pend).ClearUsageAlerts()
		renewal = true
	case sub.Status == catalog.PastDue && sub.PastDueAt != nil && !sub.PastDueAt.AddDate(0, 0, sub.GracePeriod).After(now):
		after = catalog.Unpaid
		upd.SetUnpaidAt(sub.PastDueAt.AddDate(0, 0, sub.GracePeriod))
	case sub.Status == catalog.Unpaid && sub.UnpaidAt != nil && !sub.UnpaidAt.AddDate(0, 0, s.unpaidDays()).After(now):
		at := sub.UnpaidAt.AddDate(0, 0, s.unpaidDays())
		if err := s.closeFinal(ctx, tx, sub, at, time.Time{}, time.Time{}); err != nil {
			return false, err
		}
		after = catalog.Terminated
		upd.SetTerminatedAt(at).SetEndingAt(at)
	default:
		return false, nil
	}
	if after != before {
		sub, err = subscriptionlifecycle.Moved(ctx, upd, before, after)
	} else {
		sub, err = upd.Save(ctx)
	}
	if err != nil || renewal {
		return err == nil, err
	}
	if err := s.emit(ctx, tx, SubscriptionEvent(before, sub), sub); err != nil {
		return false, err
	}
	if firstPaid {
		if _, err := s.invoiceFirstPeriod(ctx, tx, sub, p); err != nil {
			return false, err
		}
	}
	return true, nil
}

func (s *Service) unpaidDays() int {
	if s.UnpaidDays > 0 {
		return s.UnpaidDays
	}
	return 30
}

// switchToNext ends sub at at and starts its pending successor (a downgrade).
func (s *Service) switchToNext(ctx context.Context, tx *ent.Tx, sub *ent.Subscription, at time.Time) (bool, error) {
	next, err := pendingOf(ctx, tx.Client(), sub)
	if err != nil {
		return false, err
	}
	before := sub.Status
	upd := tx.Subscription.UpdateOne(sub).SetTerminatedAt(at).SetEndingAt(at)
	if sub.Status == catalog.Trialing {
		upd.SetTrialEndedAt(at)
	} else if err := s.closeFinal(ctx, tx, sub, at, time.Time{}, time.Time{}); err != nil {
		return false, err
	}
	old, err := subscriptionlifecycle.Moved(ctx, upd, before, catalog.Terminated)
	if err != nil {
		return false, err
	}
	if err := s.emit(ctx, tx, SubscriptionEvent(before, old), old); err != nil {
		return false, err
	}
	if next == nil {
		return true, nil
	}
	p, err := tx.Plan.Get(ctx, next.PlanID)
	if err != nil {
		return false, err
	}
	start, end := PeriodBounds(at, at, p.Interval, next.BillingTime)
	if start.Before(at) {
		start = at
	}
	started, err := subscriptionlifecycle.Moved(ctx, tx.Subscription.UpdateOne(next).SetStartedAt(at).
		SetCurrentPeriodStart(start).SetCurrentPeriodEnd(end), next.Status, catalog.Active)
	if err != nil {
		return false, err
	}
	if err := s.emit(ctx, tx, SubscriptionEvent(catalog.Pending, started), started); err != nil {
		return false, err
	}
	// The old period's close billed no fee ahead: the new plan's first
	// period is invoiced here.
	_, err = s.invoiceFirstPeriod(ctx, tx, started, p)
	return err == nil, err
}

// MarkPastDue moves a trialing or active subscription to past_due at the
// service's now (its invoice is unpaid at the due date); the grace period runs
// from then. The invoices package calls it in its own transaction.
func (s *Service) MarkPastDue(ctx context.Context, tx *ent.Tx, sub *ent.Subscription) (*ent.Subscription, error) {
	if err := checkTransition(sub.Status, catalog.PastDue); err != nil {
		return nil, err
	}
	before := sub.Status
	upd, err := subscriptionlifecycle.Moved(ctx, tx.Subscription.UpdateOne(sub).SetPastDueAt(s.now()), before, catalog.PastDue)
	if err != nil {
		return nil, err
	}
	return upd, s.emit(ctx, tx, SubscriptionEvent(before, upd), upd)
}

// MarkPaid moves a past_due or unpaid subscription back to active (its open
// invoices are paid).
func (s *Service) MarkPaid(ctx context.Context, tx *ent.Tx, sub *ent.Subscription) (*ent.Subscription, error) {
	if err := checkTransition(sub.Status, catalog.Active); err != nil {
		return nil, err
	}
	before := sub.Status
	upd, err := subscriptionlifecycle.Moved(ctx, tx.Subscription.UpdateOne(sub).ClearPastDueAt().ClearUnpaidAt(), before, catalog.Active)
	if err != nil {
		return nil, err
	}
	return upd, s.emit(ctx, tx, SubscriptionEvent(before, upd), upd)
}
