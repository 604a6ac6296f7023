package billing

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/ent/subscription"
	"github.com/vidra-dev/vidra/internal/usage"
)

// InvoiceOverUsage invoices, in tx, the current period's usage above the
// included amounts up to now, less what over-usage invoices of the period
// billed already, as a finalized over_usage invoice (numbered now, no draft
// window): the period's own invoice credits it. Nothing to bill is a CONFLICT.
// Concurrent calls for one subscription bill its over-usage once.
func (s *Service) InvoiceOverUsage(ctx context.Context, tx *ent.Tx, orgID uuid.UUID) (*ent.Invoice, error) {
	cur, err := Current(ctx, tx.Client(), orgID)
	if err != nil {
		return nil, err
	}
	if cur == nil || cur.CurrentPeriodStart == nil {
		return nil, refuse(KindNotFound, "the organization has no current subscription with a billing period")
	}
	// Concurrent payments of one period take turns: each holds the
	// subscription's row until it commits, and reads what the period billed
	// already only once it has the row, so the second finds the first's
	// invoice and answers CONFLICT. (On SQLite a writing transaction excludes
	// the others already; on PostgreSQL this UPDATE takes the row lock, which
	// a plain read does not.)
	if _, err := tx.Subscription.Query().Where(subscription.ID(cur.ID), lockedOnPostgres()).Only(ctx); err != nil {
		return nil, fmt.Errorf("over-usage: lock subscription %s: %w", cur.ID, err)
	}
	now := s.now()
	start := *cur.CurrentPeriodStart
	plans, err := loadPlans(ctx, tx.Client())
	if err != nil {
		return nil, err
	}
	pp := plans[cur.PlanID]
	if pp == nil {
		return nil, fmt.Errorf("over-usage: plan %s missing", cur.PlanID)
	}
	totals, err := usage.Totals(ctx, tx.Client(), orgID, start, now)
	if err != nil {
		return nil, err
	}
	lines, err := usageLines(pp, totals)
	if err != nil {
		return nil, err
	}
	credits, err := overUsageCredits(ctx, tx.Client(), []closeItem{{sub: cur, start: start}})
	if err != nil {
		return nil, err
	}
	billed := credits[periodKey(cur.ID, start)]
	total := sumLines(lines) - billed
	if total <= 0 {
		return nil, refuse(KindConflict, "no over-usage to pay: this period's usage above the included amounts is invoiced already")
	}
	if billed > 0 {
		lines = append(lines, draftLine{description: "over-usage invoiced earlier this period", quantity: 1,
			amount: -billed, unitMicro: -billed * microPerMinor})
	}
	c := tx.Invoice.Create().SetOrganizationID(orgID).SetSubscriptionID(cur.ID).SetKind(invoice.KindOverUsage).
		SetCurrency(pp.plan.Currency).SetPeriodStart(start).SetPeriodEnd(now).SetSubtotalMinor(total).
		SetTotalMinor(total).SetCreatedAt(now).SetUpdatedAt(now)
	inv, err := writeDraft(ctx, tx, c, orgID, lines)
	if err != nil {
		return nil, err
	}
	return s.FinalizeInvoice(ctx, tx, inv.ID)
}

// lockedOnPostgres makes a subscription query lock the rows it reads (FOR
// UPDATE) on PostgreSQL. SQLite has no row locks (its writing transaction
// excludes the others already) and refuses the clause.
func lockedOnPostgres() predicate.Subscription {
	return func(s *sql.Selector) {
		if s.Dialect() == dialect.Postgres {
			s.ForUpdate()
		}
	}
}
