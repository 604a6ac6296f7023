package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/usage"
)

// closeChunk is how many subscriptions one close transaction invoices.
const closeChunk = 500

// lineChunk is how many lines one INSERT writes (SQLite binds at most 32766
// values; a line has 11).
const lineChunk = 1000

// closeItem is one subscription period to invoice.
type closeItem struct {
	sub        *ent.Subscription
	start, end time.Time
	// next is the period that follows (the in-advance fee's); zero when the
	// subscription ends with this period.
	nextStart, nextEnd time.Time
}

// CloseDue closes every active subscription's period that has ended: in few
// transactions (closeChunk subscriptions each) it prices the period's usage
// with the plan's metrics, writes one draft invoice per subscription with its
// lines, and advances the subscription to its next period. Usage is read in
// three queries per distinct period for all organizations at once
// (usage.TotalsByOrganization). It is idempotent: a closed period is advanced
// in the invoice's transaction, and an invoice is unique per subscription and
// period (period_key), so a re-run is a no-op. It returns the invoices written.
func (s *Service) CloseDue(ctx context.Context) (int, error) {
	// No audit scope: closeChunk audits its rows in bulk (one INSERT per 500
	// records rather than one per row).
	ctx = tenancy.SystemContext(ctx, "close billing periods")
	now := s.now()
	subs, err := s.Client.Subscription.Query().Where(
		subscription.Status(catalog.Active),
		subscription.CurrentPeriodStartNotNil(),
		subscription.CurrentPeriodEndLTE(now),
		// Subscriptions that end or switch plans now are closed by Advance,
		// in the transaction that ends them.
		subscription.Or(subscription.EndingAtIsNil(), subscription.EndingAtGT(now)),
		subscription.Or(subscription.DowngradePlanDateIsNil(), subscription.DowngradePlanDateGT(now)),
	).Order(ent.Asc(subscription.FieldID)).All(ctx)
	if err != nil || len(subs) == 0 {
		return 0, err
	}
	plans, err := loadPlans(ctx, s.Client)
	if err != nil {
		return 0, err
	}
	items := make([]closeItem, 0, len(subs))
	type span struct{ from, to time.Time }
	spans := map[span]bool{}
	for _, sub := range subs {
		pp := plans[sub.PlanID]
		if pp == nil {
			return 0, fmt.Errorf("close: subscription %s: plan %s missing", sub.ID, sub.PlanID)
		}
		it := closeItem{sub: sub, start: *sub.CurrentPeriodStart, end: *sub.CurrentPeriodEnd}
		anchor := it.end
		if sub.StartedAt != nil {
			anchor = *sub.StartedAt
		}
		it.nextStart, it.nextEnd = PeriodBounds(anchor, it.end, pp.plan.Interval, sub.BillingTime)
		items = append(items, it)
		spans[span{it.start, it.end}] = true
	}
	totals := map[span]map[uuid.UUID]map[string]int64{}
	for sp := range spans {
		if totals[sp], err = usage.TotalsByOrganization(ctx, s.Client, sp.from, sp.to); err != nil {
			return 0, err
		}
	}
	credits, err := overUsageCredits(ctx, s.Client, items)
	if err != nil {
		return 0, err
	}
	closed := 0
	var errs []error
	for i := 0; i < len(items); i += closeChunk {
		chunk := items[i:min(i+closeChunk, len(items))]
		n, err := s.closeChunk(ctx, chunk, plans, credits, func(it closeItem) map[string]int64 {
			return totals[span{it.start, it.end}][it.sub.OrganizationID]
		})
		closed += n
		if err != nil {
			s.log().ErrorContext(ctx, "close billing periods", "subscriptions", len(chunk), "err", err)
			errs = append(errs, err)
		}
	}
	return closed, errors.Join(errs...)
}

// closeChunk invoices and advances one chunk in one transaction.
func (s *Service) closeChunk(ctx context.Context, items []closeItem, plans map[uuid.UUID]*planPrices,
	credits map[string]int64, usageOf func(closeItem) map[string]int64) (int, error) {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return 0, err
	}
	invs, err := s.draftPeriods(ctx, tx, items, plans, credits, usageOf)
	if err == nil {
		err = renewPeriods(ctx, tx, items)
	}
	if err == nil {
		err = audit.WriteMany(ctx, tx, closeAudit(ctx, invs, items))
	}
	if err != nil {
		return 0, errors.Join(err, tx.Rollback())
	}
	return len(invs), tx.Commit()
}

// closeAudit are the audit records of a close chunk: each invoice created and
// each subscription whose period advanced, under the action billing.close.
func closeAudit(ctx context.Context, invs []*ent.Invoice, items []closeItem) []audit.Entry {
	out := make([]audit.Entry, 0, len(invs)+len(items))
	for _, inv := range invs {
		out = append(out, auditEntry(ctx, "billing.close", inv.OrganizationID, "Invoice", inv.ID, "create", map[string]any{
			"kind": inv.Kind, "status": inv.Status, "subscription_id": inv.SubscriptionID, "period_start": inv.PeriodStart,
			"period_end": inv.PeriodEnd, "currency": inv.Currency, "total_minor": inv.TotalMinor}))
	}
	for _, it := range items {
		out = append(out, auditEntry(ctx, "billing.close", it.sub.OrganizationID, "Subscription", it.sub.ID, "update", map[string]any{
			"current_period_start": it.nextStart, "current_period_end": it.nextEnd, "usage_alerts": nil}))
	}
	return out
}

// auditEntry is a record of a change the billing jobs make outside the audit
// hook: under the context's audit scope when there is one, else action. It
// names the changed row's organization org, whatever the principal's (an
// admin key or the server acts across organizations).
func auditEntry(ctx context.Context, action string, org uuid.UUID, entity string, id uuid.UUID, op string, changes map[string]any) audit.Entry {
	scope := audit.FromContext(ctx)
	if scope == nil {
		scope = &audit.Scope{Action: action}
	}
	e := audit.NewEntry(ctx, scope)
	if org != uuid.Nil {
		e.OrganizationID = org
	}
	e.EntityType, e.EntityID, e.Operation, e.Changes = entity, id, op, changes
	return e
}

// renewPeriods advances each item's subscription to its next period, one
// UPDATE per distinct period.
func renewPeriods(ctx context.Context, tx *ent.Tx, items []closeItem) error {
	type span struct{ from, to time.Time }
	groups := map[span][]uuid.UUID{}
	for _, it := range items {
		sp := span{it.nextStart, it.nextEnd}
		groups[sp] = append(groups[sp], it.sub.ID)
	}
	for sp, ids := range groups {
		if err := tx.Subscription.Update().Where(subscription.IDIn(ids...)).
			SetCurrentPeriodStart(sp.from).SetCurrentPeriodEnd(sp.to).ClearUsageAlerts().Exec(ctx); err != nil {
			return fmt.Errorf("renew periods: %w", err)
		}
	}
	return nil
}

// draftPeriods writes the draft invoices of items (skipping periods invoiced
// already) with their lines, in bulk; it returns the invoices it wrote.
func (s *Service) draftPeriods(ctx context.Context, tx *ent.Tx, items []closeItem, plans map[uuid.UUID]*planPrices,
	credits map[string]int64, usageOf func(closeItem) map[string]int64) ([]*ent.Invoice, error) {
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = periodKey(it.sub.ID, it.start)
	}
	done, err := tx.Invoice.Query().Where(invoice.PeriodKeyIn(keys...)).Select(invoice.FieldPeriodKey).Strings(ctx)
	if err != nil {
		return nil, err
	}
	skip := map[string]bool{}
	for _, k := range done {
		skip[k] = true
	}
	now := s.now()
	var creates []*ent.InvoiceCreate
	var lineSets [][]draftLine
	for i, it := range items {
		if skip[keys[i]] {
			continue
		}
		pp := plans[it.sub.PlanID]
		if pp == nil {
			return nil, fmt.Errorf("close: subscription %s: plan %s missing", it.sub.ID, it.sub.PlanID)
		}
		lines, err := periodLines(pp, it, usageOf(it), credits[keys[i]])
		if err != nil {
			return nil, fmt.Errorf("close: subscription %s: %w", it.sub.ID, err)
		}
		total := sumLines(lines)
		creates = append(creates, tx.Invoice.Create().SetOrganizationID(it.sub.OrganizationID).
			SetSubscriptionID(it.sub.ID).SetKind(invoice.KindSubscription).SetPeriodKey(keys[i]).
			SetCurrency(pp.plan.Currency).SetPeriodStart(it.start).SetPeriodEnd(it.end).
			SetSubtotalMinor(total).SetTaxMinor(0).SetTotalMinor(total).SetCreatedAt(now).SetUpdatedAt(now))
		lineSets = append(lineSets, lines)
	}
	if len(creates) == 0 {
		return nil, nil
	}
	invs, err := tx.Invoice.CreateBulk(creates...).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("close: invoices: %w", err)
	}
	var lineCreates []*ent.InvoiceLineCreate
	flush := func() error {
		if len(lineCreates) == 0 {
			return nil
		}
		err := tx.InvoiceLine.CreateBulk(lineCreates...).Exec(ctx)
		lineCreates = lineCreates[:0]
		return err
	}
	for i, inv := range invs {
		for pos, l := range lineSets[i] {
			lineCreates = append(lineCreates, lineCreate(tx.Client(), inv.OrganizationID, inv.ID, pos, l).
				SetCreatedAt(now).SetUpdatedAt(now))
			if len(lineCreates) == lineChunk {
				if err := flush(); err != nil {
					return nil, fmt.Errorf("close: lines: %w", err)
				}
			}
		}
	}
	if err := flush(); err != nil {
		return nil, fmt.Errorf("close: lines: %w", err)
	}
	return invs, nil
}

// periodLines are a closed period's lines: the plan's fee (for the next
// period when it is paid in advance, for this one otherwise), the usage above
// the included amounts, and a credit for over-usage invoices paid during the
// period (never more than the usage it paid for).
func periodLines(pp *planPrices, it closeItem, totals map[string]int64, credit int64) ([]draftLine, error) {
	var lines []draftLine
	p := pp.plan
	if p.BaseAmountMinor > 0 {
		switch {
		case !p.PayInAdvance:
			lines = append(lines, draftLine{description: fmt.Sprintf("%s plan fee, %s to %s", p.Name,
				it.start.Format(time.DateOnly), it.end.Format(time.DateOnly)), quantity: 1, amount: p.BaseAmountMinor,
				unitMicro: p.BaseAmountMinor * microPerMinor})
		case !it.nextStart.IsZero():
			lines = append(lines, draftLine{description: fmt.Sprintf("%s plan fee, %s to %s", p.Name,
				it.nextStart.Format(time.DateOnly), it.nextEnd.Format(time.DateOnly)), quantity: 1, amount: p.BaseAmountMinor,
				unitMicro: p.BaseAmountMinor * microPerMinor})
		}
	}
	used, err := usageLines(pp, totals)
	if err != nil {
		return nil, err
	}
	lines = append(lines, used...)
	if credit > 0 {
		if u := sumLines(used); credit > u {
			credit = u
		}
		if credit > 0 {
			lines = append(lines, draftLine{description: "over-usage invoiced during the period", quantity: 1,
				amount: -credit, unitMicro: -credit * microPerMinor})
		}
	}
	return lines, nil
}

// overUsageCredits sums the finalized or paid over-usage invoices of the
// items' periods, by period key.
func overUsageCredits(ctx context.Context, client *ent.Client, items []closeItem) (map[string]int64, error) {
	out := map[string]int64{}
	if len(items) == 0 {
		return out, nil
	}
	from := items[0].start
	for _, it := range items {
		if it.start.Before(from) {
			from = it.start
		}
	}
	var rows []struct {
		SubscriptionID uuid.UUID `json:"subscription_id"`
		PeriodStart    time.Time `json:"period_start"`
		Sum            int64     `json:"sum"`
	}
	if err := client.Invoice.Query().Where(invoice.KindEQ(invoice.KindOverUsage),
		invoice.StatusIn(invoice.StatusFinalized, invoice.StatusPaid), invoice.PeriodStartGTE(from)).
		GroupBy(invoice.FieldSubscriptionID, invoice.FieldPeriodStart).Aggregate(ent.Sum(invoice.FieldTotalMinor)).
		Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("close: over-usage credits: %w", err)
	}
	for _, r := range rows {
		out[periodKey(r.SubscriptionID, r.PeriodStart)] += r.Sum
	}
	return out, nil
}

// closeFinal invoices sub's last period, [current period start, end), in tx:
// Advance calls it when a subscription ends or switches plans, or renews one
// period. A period invoiced already is left alone.
func (s *Service) closeFinal(ctx context.Context, tx *ent.Tx, sub *ent.Subscription, end, nextStart, nextEnd time.Time) error {
	if sub.CurrentPeriodStart == nil || !sub.CurrentPeriodStart.Before(end) {
		return nil
	}
	it := closeItem{sub: sub, start: *sub.CurrentPeriodStart, end: end, nextStart: nextStart, nextEnd: nextEnd}
	plans, err := loadPlans(ctx, tx.Client())
	if err != nil {
		return err
	}
	totals, err := usage.PeriodTotals(ctx, tx.Client(), sub.OrganizationID, it.start, it.end)
	if err != nil {
		return err
	}
	credits, err := overUsageCredits(ctx, tx.Client(), []closeItem{it})
	if err != nil {
		return err
	}
	_, err = s.draftPeriods(ctx, tx, []closeItem{it}, plans, credits, func(closeItem) map[string]int64 { return totals })
	return err
}
