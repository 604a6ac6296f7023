package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
)

// invoiceProration bills an upgrade's proration in the upgrade's transaction:
// the new plan's fee for the rest of the period and the unused part of the
// old plan's in-advance fee as two lines of one document, finalized at once.
//
// A positive or zero net is an invoice of the new subscription. A negative
// net (an upgrade to a plan billed at the period's end, or a cheaper fee of a
// higher rank) is a credit note referencing the invoice that billed the old
// fee, as Lago does on an upgrade: a finalized invoice is never edited nor
// made negative, and the credit note is the document tax law expects for an
// amount given back. Carrying a balance to the next invoice (Stripe's default)
// would need a customer balance ledger the records do not have, and the next
// invoice may never come (a cancel).
func (s *Service) invoiceProration(ctx context.Context, tx *ent.Tx, old, sub *ent.Subscription, oldPlan, p *ent.Plan,
	pr Proration, at time.Time) (*ent.Invoice, error) {
	if pr.ChargeMinor == 0 && pr.CreditMinor == 0 {
		return nil, nil
	}
	end := at.Add(pr.Remaining)
	if sub.CurrentPeriodEnd != nil {
		end = *sub.CurrentPeriodEnd
	}
	days := fmt.Sprintf("%s to %s", at.Format(time.DateOnly), end.Format(time.DateOnly))
	var lines []draftLine
	if pr.ChargeMinor != 0 {
		lines = append(lines, draftLine{quantity: 1, amount: pr.ChargeMinor, unitMicro: pr.ChargeMinor * microPerMinor,
			description: fmt.Sprintf("%s plan fee, %s (prorated)", p.Name, days)})
	}
	if pr.CreditMinor != 0 {
		lines = append(lines, draftLine{quantity: 1, amount: -pr.CreditMinor, unitMicro: -pr.CreditMinor * microPerMinor,
			description: fmt.Sprintf("unused %s plan fee, %s", oldPlan.Name, days)})
	}
	key := "proration:" + periodKey(sub.ID, at)
	if pr.NetMinor() >= 0 {
		return s.invoiceNow(ctx, tx, sub, invoice.KindSubscription, key, p.Currency, at, end, lines, nil)
	}
	fee, err := feeInvoice(ctx, tx, old, -pr.NetMinor())
	if err != nil {
		return nil, err
	}
	return s.invoiceNow(ctx, tx, sub, invoice.KindCreditNote, key, p.Currency, at, end, lines, fee)
}

// feeInvoice is the latest finalized or paid invoice of sub (its period's
// in-advance fee) with at least credit left to credit, or nil.
func feeInvoice(ctx context.Context, tx *ent.Tx, sub *ent.Subscription, credit int64) (*ent.Invoice, error) {
	invs, err := tx.Invoice.Query().Where(invoice.SubscriptionID(sub.ID), invoice.KindEQ(invoice.KindSubscription),
		invoice.StatusIn(invoice.StatusFinalized, invoice.StatusPaid), invoice.TotalMinorGT(0)).
		Order(ent.Desc(invoice.FieldFinalizedAt), ent.Desc(invoice.FieldID)).Limit(1).All(ctx)
	if err != nil || len(invs) == 0 {
		return nil, err
	}
	inv := invs[0]
	left, err := uncredited(ctx, tx, inv)
	if err != nil {
		return nil, err
	}
	if left < credit {
		return nil, nil
	}
	return inv, nil
}
