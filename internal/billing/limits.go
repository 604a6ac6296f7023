package billing

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/planmetric"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// UsageSource reads an organization's usage per metric over [from, to)
// (usage.Totals of the metering package, behind this interface).
type UsageSource interface {
	Totals(ctx context.Context, orgID uuid.UUID, from, to time.Time) (map[string]int64, error)
}

// UsageFunc adapts a function to UsageSource.
type UsageFunc func(ctx context.Context, orgID uuid.UUID, from, to time.Time) (map[string]int64, error)

// Totals implements UsageSource.
func (f UsageFunc) Totals(ctx context.Context, orgID uuid.UUID, from, to time.Time) (map[string]int64, error) {
	return f(ctx, orgID, from, to)
}

// Block says why an organization's new uploads and playback sessions are refused.
type Block struct {
	// Metric is the metric over its hard limit; empty when the subscription is unpaid.
	Metric string
	// Quantity and HardLimit are the metric's usage and limit this period.
	Quantity, HardLimit int64
	// Until is when the period ends (the limit resets).
	Until time.Time
	// Status is the subscription's status when it is unpaid.
	Status string
}

// Limits keeps, in memory, which organizations are blocked: Check costs a map
// lookup, and Refresh (a periodic job; tests call it after a usage flush) recomputes
// the state from the plans' hard limits and the period's usage, sending the
// 80 % and 100 % warnings once per period and metric.
type Limits struct {
	Client *ent.Client
	// Usage is the metering source; nil: only unpaid subscriptions block.
	Usage UsageSource
	// Runtime is the clock (time.Now when nil) and the logger.
	Runtime
	// Events records usage.* events; nil records none.
	Events EventRecorder
	// Mailer mails the organization's owners and admins the warnings; nil mails none.
	Mailer mail.Mailer

	state atomic.Pointer[limitState]
	// refreshes counts the refreshes started; each result carries its number,
	// so that one which started earlier never replaces a later one's.
	refreshes atomic.Uint64
}

// limitState is one refresh's result: the blocked organizations, and their
// projects (the upload and playback paths know a project).
type limitState struct {
	orgs     map[uuid.UUID]Block
	projects map[uuid.UUID]uuid.UUID
	// seq is the refresh's number (Limits.refreshes) when it started.
	seq uint64
}

// Check returns a PAYMENT_REQUIRED *Error when the organization may not start
// an upload or a playback session, nil otherwise (also before the first Refresh).
func (l *Limits) Check(orgID uuid.UUID) error {
	if l == nil {
		return nil
	}
	st := l.state.Load()
	if st == nil {
		return nil
	}
	b, ok := st.orgs[orgID]
	if !ok {
		return nil
	}
	if b.Metric == "" {
		return &Error{Kind: KindPaymentRequired, Message: fmt.Sprintf("the organization's subscription is %s: pay its open invoices to upload or play", b.Status)}
	}
	return &Error{Kind: KindPaymentRequired, Message: fmt.Sprintf("the plan's hard limit of %s is reached (%d of %d) until %s: upgrade the plan to upload or play",
		b.Metric, b.Quantity, b.HardLimit, FormatTime(&b.Until))}
}

// CheckProject is Check for the organization of a project: a map lookup,
// no database round trip.
func (l *Limits) CheckProject(projectID uuid.UUID) error {
	if l == nil {
		return nil
	}
	st := l.state.Load()
	if st == nil {
		return nil
	}
	org, ok := st.projects[projectID]
	if !ok {
		return nil
	}
	return l.Check(org)
}

// Blocked is the in-memory state: organization -> why it is blocked.
func (l *Limits) Blocked() map[uuid.UUID]Block {
	st := l.state.Load()
	if st == nil {
		return nil
	}
	return st.orgs
}

// Refresh recomputes which organizations are blocked and sends the warnings
// due. The new state replaces the old at once; on an error the old state stays.
func (l *Limits) Refresh(ctx context.Context) error {
	ctx = tenancy.SystemContext(ctx, "refresh billing limits")
	seq := l.refreshes.Add(1)
	now := l.now()
	subs, err := l.Client.Subscription.Query().
		Where(subscription.StatusIn(catalog.Trialing, catalog.Active, catalog.PastDue, catalog.Unpaid)).
		All(ctx)
	if err != nil {
		return err
	}
	next := map[uuid.UUID]Block{}
	for _, sub := range subs {
		if sub.Status == catalog.Unpaid {
			next[sub.OrganizationID] = Block{Status: sub.Status}
			continue
		}
		if l.Usage == nil || sub.CurrentPeriodStart == nil || sub.CurrentPeriodEnd == nil {
			continue
		}
		metrics, err := l.Client.PlanMetric.Query().
			Where(planmetric.PlanID(sub.PlanID), planmetric.HardLimitNotNil()).All(ctx)
		if err != nil {
			return err
		}
		if len(metrics) == 0 {
			continue
		}
		totals, err := l.Usage.Totals(ctx, sub.OrganizationID, *sub.CurrentPeriodStart, now)
		if err != nil {
			return fmt.Errorf("usage of organization %s: %w", sub.OrganizationID, err)
		}
		var alerts []alert
		for _, m := range metrics {
			q, limit := totals[m.Metric], *m.HardLimit
			level := Level(q, limit)
			if level == 100 {
				if _, done := next[sub.OrganizationID]; !done {
					next[sub.OrganizationID] = Block{Metric: m.Metric, Quantity: q, HardLimit: limit, Until: *sub.CurrentPeriodEnd}
				}
			}
			if level > sub.UsageAlerts[m.Metric] {
				alerts = append(alerts, alert{metric: m.Metric, level: level, quantity: q, limit: limit})
			}
		}
		if len(alerts) > 0 {
			if err := l.warn(ctx, sub, alerts); err != nil {
				l.log().ErrorContext(ctx, "usage warning", "subscription_id", sub.ID, "err", err)
			}
		}
	}
	st := &limitState{orgs: next, projects: map[uuid.UUID]uuid.UUID{}, seq: seq}
	if len(next) > 0 {
		orgs := make([]uuid.UUID, 0, len(next))
		for org := range next {
			orgs = append(orgs, org)
		}
		ps, err := l.Client.Project.Query().Where(project.OrganizationIDIn(orgs...)).All(ctx)
		if err != nil {
			return err
		}
		for _, p := range ps {
			st.projects[p.ID] = p.OrganizationID
		}
	}
	l.publish(st)
	return nil
}

// publish makes st the state unless a refresh that started after st's has
// published already. Refreshes run concurrently (the periodic one, the one
// after each usage flush): the last to finish may have read the database
// before a change that a later one saw, and must not undo it.
func (l *Limits) publish(st *limitState) {
	for {
		cur := l.state.Load()
		if cur != nil && cur.seq > st.seq {
			return
		}
		if l.state.CompareAndSwap(cur, st) {
			return
		}
	}
}

// Level is the warning level of quantity against a hard limit: 100 at or over
// the limit, 80 at or over 80 % of it, 0 below. A limit of 0 is reached at once.
func Level(quantity, limit int64) int {
	switch {
	case quantity >= limit:
		return 100
	case quantity*5 >= limit*4: // quantity/limit >= 0.8, in integers
		return 80
	}
	return 0
}

type alert struct {
	metric          string
	level           int
	quantity, limit int64
}

// warn records the alerts on the subscription and their events in one
// transaction (so each is sent once per period, whichever server sends it),
// then mails the organization's owners and admins.
func (l *Limits) warn(ctx context.Context, sub *ent.Subscription, alerts []alert) error {
	tx, err := l.Client.Tx(ctx)
	if err != nil {
		return err
	}
	fresh, err := tx.Subscription.Get(ctx, sub.ID)
	if err != nil {
		return rollback(tx, err)
	}
	levels := map[string]int{}
	for k, v := range fresh.UsageAlerts {
		levels[k] = v
	}
	var sent []alert
	for _, a := range alerts {
		if a.level <= levels[a.metric] {
			continue // another server sent it
		}
		levels[a.metric] = a.level
		sent = append(sent, a)
	}
	if len(sent) == 0 {
		return tx.Rollback()
	}
	if err := tx.Subscription.UpdateOne(fresh).SetUsageAlerts(levels).Exec(ctx); err != nil {
		return rollback(tx, err)
	}
	if l.Events != nil {
		projects, err := tx.Project.Query().Where(project.OrganizationID(sub.OrganizationID)).IDs(ctx)
		if err != nil {
			return rollback(tx, err)
		}
		for _, a := range sent {
			typ := events.UsageWarning
			if a.level == 100 {
				typ = events.UsageLimitReached
			}
			data := map[string]any{"organization_id": sub.OrganizationID.String(), "subscription_id": sub.ID.String(),
				"plan_code": sub.PlanCode, "metric": a.metric, "quantity": a.quantity, "hard_limit": a.limit, "percent": a.level,
				"period_end": FormatTime(sub.CurrentPeriodEnd)}
			for _, p := range projects {
				if _, err := l.Events.Record(ctx, tx, typ, p, data); err != nil {
					return rollback(tx, err)
				}
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	l.mail(ctx, sub, sent)
	return nil
}

func rollback(tx *ent.Tx, err error) error {
	if rerr := tx.Rollback(); rerr != nil {
		return fmt.Errorf("%w (rollback: %v)", err, rerr)
	}
	return err
}

// mail sends each alert to the organization's owners and admins; failures are logged.
func (l *Limits) mail(ctx context.Context, sub *ent.Subscription, sent []alert) {
	if l.Mailer == nil {
		return
	}
	people, err := l.Client.User.Query().Where(user.HasMembershipsWith(
		membership.OrganizationID(sub.OrganizationID),
		membership.RoleIn(membership.RoleOwner, membership.RoleAdmin))).All(ctx)
	if err != nil {
		l.log().WarnContext(ctx, "usage warning: find owners", "organization_id", sub.OrganizationID, "err", err)
		return
	}
	for _, a := range sent {
		subject := fmt.Sprintf("Vidra: %d %% of your %s limit used", a.level, a.metric)
		text := fmt.Sprintf("Your organization has used %d of its plan's hard limit of %d %s this period (plan %s, period ends %s).\n",
			a.quantity, a.limit, a.metric, sub.PlanCode, FormatTime(sub.CurrentPeriodEnd))
		if a.level == 100 {
			text += "New uploads and new playback sessions are refused until the period ends or the plan is upgraded; playback in progress continues.\n"
		}
		for _, u := range people {
			if err := l.Mailer.Send(ctx, mail.Message{To: u.Email, Subject: subject, Text: text}); err != nil {
				l.log().WarnContext(ctx, "usage warning: mail", "user_id", u.ID, "err", err)
			}
		}
	}
}
