package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
	"github.com/vidra-dev/vidra/internal/billing/paymentlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// ManualPayment is a payment an admin records for an invoice (the manual
// gateway: a bank transfer received).
type ManualPayment struct {
	InvoiceID uuid.UUID
	// AmountMinor is the amount received, in the invoice's minor units; a
	// partial payment is allowed, more than what is owed is not.
	AmountMinor int64
	// Reference is the bank's reference of the transfer: recording the same
	// reference again returns the first record and changes nothing.
	Reference string
}

// RecordManualPayment records a manual payment in tx: a succeeded transaction
// of the manual gateway (its idempotency key is manual:{reference}), the
// invoice's paid amount, and once the invoice is paid in full its status,
// invoice.paid, and a past_due or unpaid subscription with nothing else
// overdue back to active. The caller (the admin host) runs it in a system
// context with its audit scope.
func (s *Service) RecordManualPayment(ctx context.Context, tx *ent.Tx, p ManualPayment) (*ent.Transaction, error) {
	ref := strings.TrimSpace(p.Reference)
	switch {
	case ref == "":
		return nil, invalid("reference", "the payment's reference is required")
	case len(ref) > 200:
		return nil, invalid("reference", "at most 200 characters")
	case p.AmountMinor <= 0:
		return nil, invalid("amountMinor", "must be positive")
	}
	key := "manual:" + ref
	if prev, err := tx.Transaction.Query().Where(transaction.IdempotencyKey(key)).Only(ctx); err == nil {
		if prev.InvoiceID != p.InvoiceID || prev.AmountMinor != p.AmountMinor {
			return nil, refuse(KindConflict, "reference %q records another payment already", ref)
		}
		return prev, nil
	} else if !ent.IsNotFound(err) {
		return nil, err
	}
	inv, err := tx.Invoice.Get(ctx, p.InvoiceID)
	if ent.IsNotFound(err) {
		return nil, refuse(KindNotFound, "invoice not found")
	}
	if err != nil {
		return nil, err
	}
	if inv.Status != invoice.StatusFinalized {
		return nil, refuse(KindConflict, "invoice %s is %s: only a finalized invoice takes payments", inv.ID, inv.Status)
	}
	owed := inv.TotalMinor - inv.AmountPaidMinor
	if p.AmountMinor > owed {
		return nil, invalid("amountMinor", "%d exceeds the %d still owed", p.AmountMinor, owed)
	}
	now := s.now()
	c := tx.Transaction.Create().SetOrganizationID(inv.OrganizationID).SetInvoiceID(inv.ID).
		SetGateway(transaction.GatewayManual).SetAmountMinor(p.AmountMinor).SetCurrency(inv.Currency).
		SetIdempotencyKey(key).SetGatewayRef(key).SetCreatedAt(now).SetUpdatedAt(now)
	if pr := auth.FromContext(ctx); pr != nil && pr.IsUser() {
		c.SetRecordedBy(pr.UserID)
	}
	t, err := paymentlifecycle.Recorded(ctx, c, now)
	if err != nil {
		return nil, err
	}
	return t, s.applyPayment(ctx, tx, inv, p.AmountMinor)
}

// ApplyGatewayPayment applies amount, settled by a card gateway, to the
// invoice id in tx as a manual payment's is applied (applyPayment): paid in
// full, the invoice is paid and its subscription reinstated. Only a finalized
// invoice takes it (a CONFLICT otherwise: the caller keeps the transaction as
// settled and leaves the surplus to an admin's credit note).
func (s *Service) ApplyGatewayPayment(ctx context.Context, tx *ent.Tx, id uuid.UUID, amount int64) error {
	inv, err := tx.Invoice.Get(ctx, id)
	if err != nil {
		return err
	}
	if inv.Status != invoice.StatusFinalized {
		return refuse(KindConflict, "invoice %s is %s: only a finalized invoice takes payments", inv.ID, inv.Status)
	}
	return s.applyPayment(ctx, tx, inv, amount)
}

// applyPayment adds amount to inv's paid amount; when that settles it, the
// invoice is paid and its subscription, if past_due or unpaid with no other
// invoice overdue, active again.
func (s *Service) applyPayment(ctx context.Context, tx *ent.Tx, inv *ent.Invoice, amount int64) error {
	now := s.now()
	upd := tx.Invoice.UpdateOne(inv).AddAmountPaidMinor(amount).SetUpdatedAt(now)
	settled := inv.AmountPaidMinor+amount >= inv.TotalMinor
	if !settled {
		return upd.Exec(ctx)
	}
	inv, err := invoicelifecycle.Paid(ctx, upd.SetPaidAt(now), inv.Status)
	if err != nil {
		return err
	}
	if err := s.emitInvoice(ctx, tx, EventInvoicePaid, inv, ""); err != nil {
		return err
	}
	return s.reinstate(ctx, tx, inv)
}

// reinstate returns inv's subscription, if past_due or unpaid, to active once
// none of its invoices is overdue (inv was just paid or voided).
func (s *Service) reinstate(ctx context.Context, tx *ent.Tx, inv *ent.Invoice) error {
	now := s.now()
	if inv.SubscriptionID == nil {
		return nil
	}
	sub, err := tx.Subscription.Get(ctx, *inv.SubscriptionID)
	if err != nil {
		return err
	}
	if sub.Status != catalog.PastDue && sub.Status != catalog.Unpaid {
		return nil
	}
	overdue, err := tx.Invoice.Query().Where(invoice.SubscriptionID(sub.ID), invoice.StatusEQ(invoice.StatusFinalized),
		invoice.DueAtLTE(now)).Exist(ctx)
	if err != nil || overdue {
		return err
	}
	_, err = s.MarkPaid(ctx, tx, sub)
	return err
}

// MarkOverdue handles each finalized invoice unpaid at its due date, once, in
// a transaction of its own: it records the failure (payment_failed_at and
// invoice.payment_failed) and moves the invoice's subscription, when trialing
// or active, to past_due (its grace period starts). It returns how many
// invoices it handled; a re-run handles none of them again.
func (s *Service) MarkOverdue(ctx context.Context) (int, error) {
	ctx = tenancy.SystemContext(ctx, "overdue invoices")
	ctx = audit.WithScope(ctx, &audit.Scope{Action: "billing.overdue"})
	now := s.now()
	ids, err := s.Client.Invoice.Query().Where(invoice.StatusEQ(invoice.StatusFinalized), invoice.DueAtLTE(now),
		invoice.PaymentFailedAtIsNil()).Order(ent.Asc(invoice.FieldID)).IDs(ctx)
	if err != nil {
		return 0, fmt.Errorf("overdue invoices: %w", err)
	}
	done := 0
	var errs []error
	for _, id := range ids {
		err := s.inTx(ctx, func(tx *ent.Tx) error { return s.overdue(ctx, tx, id, now) })
		if err != nil {
			errs = append(errs, err)
			continue
		}
		done++
	}
	return done, errors.Join(errs...)
}

// overdue records one invoice's failed payment and its subscription's move.
func (s *Service) overdue(ctx context.Context, tx *ent.Tx, id uuid.UUID, now time.Time) error {
	inv, err := tx.Invoice.UpdateOneID(id).Where(invoice.StatusEQ(invoice.StatusFinalized), invoice.PaymentFailedAtIsNil()).
		SetPaymentFailedAt(now).SetUpdatedAt(now).Save(ctx)
	if ent.IsNotFound(err) {
		return nil // paid or handled meanwhile
	}
	if err != nil {
		return err
	}
	if err := s.emitInvoice(ctx, tx, EventInvoicePaymentFailed, inv, "unpaid at its due date"); err != nil {
		return err
	}
	if inv.SubscriptionID == nil {
		return nil
	}
	sub, err := tx.Subscription.Get(ctx, *inv.SubscriptionID)
	if err != nil || (sub.Status != catalog.Trialing && sub.Status != catalog.Active) {
		return err
	}
	_, err = s.MarkPastDue(ctx, tx, sub)
	return err
}

// inTx runs fn in a transaction of the service's client (txn.Open); fn keeps
// the caller's context and writes through the transaction it is given.
func (s *Service) inTx(ctx context.Context, fn func(tx *ent.Tx) error) error {
	return txn.Open(ctx, s.Client, func(txCtx context.Context) error { return fn(ent.TxFromContext(txCtx)) })
}
