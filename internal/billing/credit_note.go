package billing

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
)

// CreditNote is a credit against a finalized or paid invoice.
type CreditNote struct {
	InvoiceID uuid.UUID
	// AmountMinor is the credit in the invoice's minor units: positive, at most
	// the invoice's total less the credit notes issued against it already.
	AmountMinor int64
	// Reason is printed on the credit note's line.
	Reason string
}

// IssueCreditNote credits part or all of a finalized or paid invoice in tx,
// never editing it: a credit_note invoice referencing it, with one negative
// line, numbered at once from the same gapless series and settled at once
// (status paid). When the credit covers a finalized invoice on which nothing
// was paid, that invoice is void (its number kept) and its subscription, if
// past_due or unpaid with nothing else overdue, active again.
func (s *Service) IssueCreditNote(ctx context.Context, tx *ent.Tx, c CreditNote) (*ent.Invoice, error) {
	reason := strings.TrimSpace(c.Reason)
	switch {
	case c.AmountMinor <= 0:
		return nil, invalid("amountMinor", "must be positive")
	case reason == "" || len(reason) > 500:
		return nil, invalid("reason", "a reason of 1 to 500 characters is required")
	}
	inv, err := tx.Invoice.Get(ctx, c.InvoiceID)
	if ent.IsNotFound(err) {
		return nil, refuse(KindNotFound, "invoice not found")
	}
	if err != nil {
		return nil, err
	}
	if inv.Kind == invoice.KindCreditNote || (inv.Status != invoice.StatusFinalized && inv.Status != invoice.StatusPaid) {
		return nil, refuse(KindConflict, "invoice %s (%s, %s) takes no credit note: only finalized or paid invoices do", inv.ID, inv.Kind, inv.Status)
	}
	left, err := uncredited(ctx, tx, inv)
	if err != nil {
		return nil, err
	}
	if c.AmountMinor > left {
		return nil, invalid("amountMinor", "%d exceeds the %d not yet credited", c.AmountMinor, left)
	}
	now := s.now()
	number := ""
	if inv.Number != nil {
		number = *inv.Number
	}
	cn := tx.Invoice.Create().SetOrganizationID(inv.OrganizationID).SetNillableSubscriptionID(inv.SubscriptionID).
		SetKind(invoice.KindCreditNote).SetCreditedInvoiceID(inv.ID).SetCurrency(inv.Currency).
		SetPeriodStart(inv.PeriodStart).SetPeriodEnd(inv.PeriodEnd).SetSubtotalMinor(-c.AmountMinor).
		SetTotalMinor(-c.AmountMinor).SetCreatedAt(now).SetUpdatedAt(now)
	note, err := writeDraft(ctx, tx, cn, inv.OrganizationID, []draftLine{{quantity: 1, amount: -c.AmountMinor,
		unitMicro: -c.AmountMinor * microPerMinor, description: fmt.Sprintf("credit for %s: %s", number, reason)}})
	if err != nil {
		return nil, err
	}
	if inv.Status == invoice.StatusFinalized && inv.AmountPaidMinor == 0 && c.AmountMinor == left {
		if err := invoicelifecycle.Voided(ctx, tx.Invoice.UpdateOne(inv).SetVoidedAt(now).SetUpdatedAt(now), inv.Status); err != nil {
			return nil, err
		}
		if err := s.reinstate(ctx, tx, inv); err != nil {
			return nil, err
		}
	}
	return s.FinalizeInvoice(ctx, tx, note.ID)
}

// uncredited is what of inv's total its credit notes have not credited yet.
func uncredited(ctx context.Context, tx *ent.Tx, inv *ent.Invoice) (int64, error) {
	var credited []struct {
		Sum int64 `json:"sum"`
	}
	if err := tx.Invoice.Query().Where(invoice.CreditedInvoiceID(inv.ID), invoice.KindEQ(invoice.KindCreditNote)).
		Aggregate(ent.Sum(invoice.FieldTotalMinor)).Scan(ctx, &credited); err != nil {
		return 0, err
	}
	left := inv.TotalMinor
	if len(credited) == 1 {
		left += credited[0].Sum // credit notes' totals are negative
	}
	return left, nil
}
