package stripe

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	stripeapi "github.com/stripe/stripe-go/v85"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/billingcustomer"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/paymentlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// chargeContext is ctx as the server's own, audited as a card charge.
func chargeContext(ctx context.Context) context.Context {
	ctx = tenancy.SystemContext(ctx, "stripe charge")
	return audit.WithScope(ctx, &audit.Scope{Action: "billing.stripe.charge"})
}

// ChargeDue charges every finalized invoice that still owes money and whose
// organization has a saved card (ChargeInvoice: a pending charge is resumed,
// a declined one retried after RetryEvery, at most MaxAttempts per card). It
// returns how many charges were attempted or resumed.
func (g *Gateway) ChargeDue(ctx context.Context) (int, error) {
	return g.chargeDue(ctx)
}

// ChargeOrganization is ChargeDue for one organization's invoices: what the
// job a newly saved card enqueues runs.
func (g *Gateway) ChargeOrganization(ctx context.Context, org uuid.UUID) (int, error) {
	return g.chargeDue(ctx, billingcustomer.OrganizationID(org))
}

// chargeDue charges the finalized invoices owing money of the organizations
// with a saved card that also match where.
func (g *Gateway) chargeDue(ctx context.Context, where ...predicate.BillingCustomer) (int, error) {
	ctx = chargeContext(ctx)
	where = append(where, billingcustomer.GatewayEQ(billingcustomer.GatewayStripe), billingcustomer.PaymentMethodRefNEQ(""))
	orgs, err := g.client.BillingCustomer.Query().Where(where...).Select(billingcustomer.FieldOrganizationID).Strings(ctx)
	if err != nil || len(orgs) == 0 {
		return 0, err
	}
	ids := make([]uuid.UUID, 0, len(orgs))
	for _, o := range orgs {
		ids = append(ids, uuid.MustParse(o))
	}
	invs, err := g.client.Invoice.Query().Where(invoice.StatusEQ(invoice.StatusFinalized), invoice.OrganizationIDIn(ids...)).
		Order(ent.Asc(invoice.FieldID)).All(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, inv := range invs {
		if inv.TotalMinor <= inv.AmountPaidMinor {
			continue
		}
		t, err := g.ChargeInvoice(ctx, inv.ID)
		if err != nil {
			errs = append(errs, fmt.Errorf("charge invoice %s: %w", inv.ID, err))
		}
		if t != nil {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// ChargeInvoice charges what invoice id still owes to its organization's
// saved card, off-session. PrepareCharge first commits the transaction row
// with its idempotency key; the PaymentIntent is then created with that key
// as its Idempotency-Key, so a crash after the commit or after the call
// makes the next run send the same request, which Stripe answers with the
// same PaymentIntent: one charge. The PaymentIntent is re-fetched (a replayed
// answer is the first one, not the current state) and applied (settle). It
// returns the transaction, or nil when nothing is to be charged now.
func (g *Gateway) ChargeInvoice(ctx context.Context, id uuid.UUID) (*ent.Transaction, error) {
	ctx = chargeContext(ctx)
	t, err := g.PrepareCharge(ctx, id)
	if err != nil || t == nil {
		return nil, err
	}
	cust, err := g.customerOf(ctx, g.client, t.OrganizationID)
	if err != nil {
		return t, err
	}
	var pi *stripeapi.PaymentIntent
	if t.GatewayRef != nil {
		pi, err = g.api.V1PaymentIntents.Retrieve(ctx, *t.GatewayRef, nil)
	} else {
		pi, err = g.createIntent(ctx, t, cust)
		var se *stripeapi.Error
		if err != nil && errors.As(err, &se) && refusal(se) {
			// Refused without a PaymentIntent (a detached card, a closed
			// customer): this attempt failed; a new card starts new attempts.
			return g.fail(ctx, t.ID, "stripe refused the charge: "+se.Msg)
		}
		if err == nil {
			pi, err = g.api.V1PaymentIntents.Retrieve(ctx, pi.ID, nil)
		}
	}
	if err != nil {
		// Transient (network, 5xx, rate limit): the row stays pending and the
		// next run resends the same key.
		return t, g.apiError("charge an invoice", err)
	}
	var out *ent.Transaction
	err = g.inTx(ctx, func(tx *ent.Tx) error {
		cur, err := tx.Transaction.Get(ctx, t.ID)
		if err != nil {
			return err
		}
		out, err = g.settle(ctx, tx, cur, pi)
		return err
	})
	return out, err
}

// PrepareCharge is ChargeInvoice's first step, committed on its own: the
// invoice's pending Stripe transaction when there is one (a crashed or
// unfinished attempt, resumed with its key), else a new pending transaction
// of what the invoice owes with the key stripe:invoice:{id}:attempt:{n}; nil
// when the invoice owes nothing, has no saved card, or its attempts for the
// card are spent or the last decline is more recent than RetryEvery.
func (g *Gateway) PrepareCharge(ctx context.Context, id uuid.UUID) (*ent.Transaction, error) {
	ctx = chargeContext(ctx)
	var out *ent.Transaction
	err := g.inTx(ctx, func(tx *ent.Tx) error {
		inv, err := tx.Invoice.Get(ctx, id)
		if err != nil {
			return err
		}
		owed := inv.TotalMinor - inv.AmountPaidMinor
		if inv.Status != invoice.StatusFinalized || owed <= 0 {
			return nil
		}
		cust, err := g.customerOf(ctx, tx.Client(), inv.OrganizationID)
		if err != nil || cust == nil || cust.PaymentMethodRef == "" {
			return err
		}
		prev, err := tx.Transaction.Query().Where(transaction.InvoiceID(id), transaction.GatewayEQ(transaction.GatewayStripe)).
			Order(ent.Asc(transaction.FieldCreatedAt), ent.Asc(transaction.FieldID)).All(ctx)
		if err != nil {
			return err
		}
		failed := 0
		var lastFailure *ent.Transaction
		for _, p := range prev {
			switch {
			case p.Status == transaction.StatusPending:
				out = p
				return nil
			case p.Status == transaction.StatusFailed && !p.CreatedAt.Before(cust.UpdatedAt):
				failed++
				lastFailure = p
			}
		}
		now := g.billing.Clock()
		if failed >= g.cfg.MaxAttempts {
			g.log().InfoContext(ctx, "stripe charge attempts spent", "invoice_id", id, "attempts", failed)
			return nil
		}
		if lastFailure != nil && lastFailure.SettledAt != nil && now.Before(lastFailure.SettledAt.Add(g.cfg.RetryEvery)) {
			return nil
		}
		key := fmt.Sprintf("stripe:invoice:%s:attempt:%d", id, len(prev)+1)
		out, err = paymentlifecycle.Opened(ctx, tx.Transaction.Create().SetOrganizationID(inv.OrganizationID).SetInvoiceID(id).
			SetGateway(transaction.GatewayStripe).SetAmountMinor(owed).SetCurrency(inv.Currency).
			SetIdempotencyKey(key).SetCreatedAt(now).SetUpdatedAt(now))
		return err
	})
	return out, err
}

// createIntent creates and confirms t's PaymentIntent off-session with t's
// idempotency key; a decline answers the failed PaymentIntent, not an error.
func (g *Gateway) createIntent(ctx context.Context, t *ent.Transaction, cust *ent.BillingCustomer) (*stripeapi.PaymentIntent, error) {
	p := &stripeapi.PaymentIntentCreateParams{
		Amount:        stripeapi.Int64(t.AmountMinor),
		Currency:      stripeapi.String(strings.ToLower(t.Currency)),
		Customer:      stripeapi.String(cust.CustomerRef),
		PaymentMethod: stripeapi.String(cust.PaymentMethodRef),
		Confirm:       stripeapi.Bool(true),
		OffSession:    stripeapi.Bool(true),
		Description:   stripeapi.String("Invoice " + t.InvoiceID.String()),
	}
	p.AddMetadata("invoice_id", t.InvoiceID.String())
	p.AddMetadata("transaction_id", t.ID.String())
	p.AddMetadata("organization_id", t.OrganizationID.String())
	p.SetIdempotencyKey(t.IdempotencyKey)
	pi, err := g.api.V1PaymentIntents.Create(ctx, p)
	var se *stripeapi.Error
	if err != nil && errors.As(err, &se) && se.PaymentIntent != nil && se.PaymentIntent.ID != "" {
		return se.PaymentIntent, nil
	}
	return pi, err
}

// refusal reports whether se is Stripe refusing the request for good (a 4xx
// other than a conflict or rate limit), not a transient failure.
func refusal(se *stripeapi.Error) bool {
	return se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != 409 && se.HTTPStatusCode != 429 &&
		se.Type != stripeapi.ErrorTypeAPI && se.Type != stripeapi.ErrorTypeIdempotency
}

// fail records the pending transaction id as failed with reason.
func (g *Gateway) fail(ctx context.Context, id uuid.UUID, reason string) (*ent.Transaction, error) {
	var out *ent.Transaction
	err := g.inTx(ctx, func(tx *ent.Tx) error {
		now := g.billing.Clock()
		t, err := paymentlifecycle.Failed(ctx, tx.Transaction.UpdateOneID(id).SetUpdatedAt(now), reason, now)
		if ent.IsNotFound(err) {
			out, err = tx.Transaction.Get(ctx, id)
			return err
		}
		out = t
		return err
	})
	return out, err
}

// customerOf is the organization's Stripe customer, or nil.
func (g *Gateway) customerOf(ctx context.Context, c *ent.Client, orgID uuid.UUID) (*ent.BillingCustomer, error) {
	cust, err := c.BillingCustomer.Query().Where(billingcustomer.OrganizationID(orgID),
		billingcustomer.GatewayEQ(billingcustomer.GatewayStripe)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return cust, err
}

// apiError wraps a failed API call; a *billing.Error passes through.
func (g *Gateway) apiError(what string, err error) error {
	var be *billing.Error
	if errors.As(err, &be) {
		return err
	}
	return fmt.Errorf("stripe: %s: %w", what, err)
}

// inTx runs fn in a transaction of the gateway's client (txn.Open); fn keeps
// the caller's context and writes through the transaction it is given.
func (g *Gateway) inTx(ctx context.Context, fn func(tx *ent.Tx) error) error {
	return txn.Open(ctx, g.client, func(txCtx context.Context) error { return fn(ent.TxFromContext(txCtx)) })
}
