package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// firstKey makes a subscription's first-period invoice unique. It differs from
// the period's own key (periodKey), which the period's close uses for its
// usage and the next period's fee: the first fee is invoiced once, here.
func firstKey(sub *ent.Subscription, start time.Time) string {
	return "first:" + periodKey(sub.ID, start)
}

// firstPeriodFee is the in-advance fee of a first period [start, end): the
// plan's fee prorated (half-up, to the second) by the share of the full
// period start falls in, since a calendar subscription rarely starts on the
// 1st. A plan billed at the period's end (or free) has none.
func firstPeriodFee(p *ent.Plan, billingTime string, start, end time.Time) int64 {
	if !p.PayInAdvance || p.BaseAmountMinor <= 0 || !start.Before(end) {
		return 0
	}
	fullStart, fullEnd := fullPeriod(p, billingTime, start, end)
	if !fullStart.Before(start) {
		return p.BaseAmountMinor
	}
	return share(p.BaseAmountMinor, end.Sub(start).Truncate(time.Second), fullEnd.Sub(fullStart).Truncate(time.Second))
}

// fullPeriod is the whole billing period of p that [start, end) ends: a
// first calendar period that started mid-month is part of its month, and its
// fee (and an upgrade's proration) a share of the month's. Any other period
// is its own.
func fullPeriod(p *ent.Plan, billingTime string, start, end time.Time) (time.Time, time.Time) {
	fullStart, fullEnd := PeriodBounds(start, start, p.Interval, billingTime)
	if fullEnd.Equal(end) && fullStart.Before(start) {
		return fullStart, fullEnd
	}
	return start, end
}

// invoiceFirstPeriod invoices the in-advance fee of sub's first paid period
// (a new subscription, the end of a trial, a downgrade or a trial upgraded),
// finalized at once in tx: the fee is owed when the period starts. A period
// invoiced already, and a plan with no in-advance fee, write nothing; the
// period's close then bills its usage and the next period's fee.
func (s *Service) invoiceFirstPeriod(ctx context.Context, tx *ent.Tx, sub *ent.Subscription, p *ent.Plan) (*ent.Invoice, error) {
	if sub.CurrentPeriodStart == nil || sub.CurrentPeriodEnd == nil {
		return nil, nil
	}
	start, end := *sub.CurrentPeriodStart, *sub.CurrentPeriodEnd
	fee := firstPeriodFee(p, sub.BillingTime, start, end)
	if fee == 0 {
		return nil, nil
	}
	line := draftLine{quantity: 1, amount: fee, unitMicro: fee * microPerMinor,
		description: fmt.Sprintf("%s plan fee, %s to %s", p.Name, start.Format(time.DateOnly), end.Format(time.DateOnly))}
	return s.invoiceNow(ctx, tx, sub, invoice.KindSubscription, firstKey(sub, start), p.Currency, start, end, []draftLine{line}, nil)
}

// invoiceNow writes an invoice of sub with lines, keyed key (skipped when
// that key was invoiced already), and finalizes it at once in tx: numbered
// from the gapless series, paid at once when its total is not positive.
func (s *Service) invoiceNow(ctx context.Context, tx *ent.Tx, sub *ent.Subscription, kind invoice.Kind, key, currency string,
	start, end time.Time, lines []draftLine, credited *ent.Invoice) (*ent.Invoice, error) {
	sys := tenancy.SystemContext(ctx, "invoice key of a subscription")
	if done, err := tx.Invoice.Query().Where(invoice.PeriodKey(key)).Exist(sys); err != nil || done {
		return nil, err
	}
	now := s.now()
	total := sumLines(lines)
	c := tx.Invoice.Create().SetOrganizationID(sub.OrganizationID).SetSubscriptionID(sub.ID).SetKind(kind).
		SetPeriodKey(key).SetCurrency(currency).SetPeriodStart(start).SetPeriodEnd(end).
		SetSubtotalMinor(total).SetTaxMinor(0).SetTotalMinor(total).SetCreatedAt(now).SetUpdatedAt(now)
	if credited != nil {
		c.SetCreditedInvoiceID(credited.ID)
	}
	inv, err := writeDraft(ctx, tx, c, sub.OrganizationID, lines)
	if err != nil {
		return nil, fmt.Errorf("invoice %s: %w", key, err)
	}
	return s.FinalizeInvoice(ctx, tx, inv.ID)
}
