package stripe

import (
	"context"

	stripeapi "github.com/stripe/stripe-go/v85"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/paymentlifecycle"
)

// settle applies the PaymentIntent's current state to its transaction t in
// tx, once: succeeded pays the invoice (billing.ApplyGatewayPayment: invoice
// paid, invoice.paid, the subscription reinstated), requires_payment_method
// or canceled fails the attempt with Stripe's reason (dunning, MarkOverdue,
// then takes its course at the due date), anything else keeps it pending with
// the PaymentIntent's id. A transaction already settled is left as it is, so
// a late or repeated event changes nothing.
func (g *Gateway) settle(ctx context.Context, tx *ent.Tx, t *ent.Transaction, pi *stripeapi.PaymentIntent) (*ent.Transaction, error) {
	if t.Status != transaction.StatusPending {
		return t, nil
	}
	now := g.billing.Clock()
	upd := tx.Transaction.UpdateOneID(t.ID).SetGatewayRef(pi.ID).SetUpdatedAt(now)
	var out *ent.Transaction
	var err error
	switch pi.Status {
	case stripeapi.PaymentIntentStatusSucceeded:
		out, err = paymentlifecycle.Succeeded(ctx, upd, now)
	case stripeapi.PaymentIntentStatusRequiresPaymentMethod, stripeapi.PaymentIntentStatusCanceled:
		out, err = paymentlifecycle.Failed(ctx, upd, failureReason(pi), now)
	default:
		if t.GatewayRef != nil {
			return t, nil
		}
		out, err = upd.Where(transaction.StatusEQ(transaction.StatusPending)).Save(ctx)
	}
	if ent.IsNotFound(err) {
		return tx.Transaction.Get(ctx, t.ID) // settled meanwhile
	}
	if err != nil {
		return nil, err
	}
	g.log().InfoContext(ctx, "stripe charge", "transaction_id", t.ID, "invoice_id", t.InvoiceID,
		"payment_intent", pi.ID, "intent_status", pi.Status, "status", out.Status, "amount_minor", t.AmountMinor)
	if out.Status != transaction.StatusSucceeded {
		return out, nil
	}
	err = g.billing.ApplyGatewayPayment(ctx, tx, t.InvoiceID, pi.AmountReceived)
	if e, ok := billing.AsError(err); ok && e.Kind == billing.KindConflict {
		// Paid or voided meanwhile (an admin's manual payment): the money
		// moved, so the transaction stays succeeded for an admin to refund
		// or credit.
		g.log().WarnContext(ctx, "stripe charge settled for an invoice no longer open", "invoice_id", t.InvoiceID,
			"transaction_id", t.ID, "err", e.Message)
		return out, nil
	}
	return out, err
}

// failureReason is the decline's code and message.
func failureReason(pi *stripeapi.PaymentIntent) string {
	if pi.Status == stripeapi.PaymentIntentStatusCanceled {
		return "payment canceled at Stripe"
	}
	e := pi.LastPaymentError
	if e == nil {
		return "the card was not charged"
	}
	reason := e.Msg
	if e.DeclineCode != "" {
		reason += " (" + string(e.DeclineCode) + ")"
	} else if e.Code != "" {
		reason += " (" + string(e.Code) + ")"
	}
	return reason
}
