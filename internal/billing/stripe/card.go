package stripe

import (
	"context"

	"github.com/google/uuid"

	stripeapi "github.com/stripe/stripe-go/v85"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/billingcustomer"
)

// sessionCompleted re-fetches a completed Checkout Session, its SetupIntent
// and the PaymentMethod it saved, and returns the change that makes that
// card the default of the session's customer (a session still open, or not
// a setup, changes nothing). When the change saves a new card, it sets
// *saved to the customer's organization.
func (g *Gateway) sessionCompleted(ctx context.Context, id string, saved *uuid.UUID) (func(*ent.Tx) error, error) {
	cs, err := g.api.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return nil, g.apiError("fetch a checkout session", err)
	}
	if cs.Status != stripeapi.CheckoutSessionStatusComplete || cs.Mode != stripeapi.CheckoutSessionModeSetup ||
		cs.SetupIntent == nil || cs.Customer == nil {
		g.log().InfoContext(ctx, "stripe checkout session not a completed setup", "session", id, "status", cs.Status)
		return nil, nil
	}
	si, err := g.api.V1SetupIntents.Retrieve(ctx, cs.SetupIntent.ID, nil)
	if err != nil {
		return nil, g.apiError("fetch a setup intent", err)
	}
	if si.Status != stripeapi.SetupIntentStatusSucceeded || si.PaymentMethod == nil {
		return nil, nil
	}
	pm, err := g.api.V1PaymentMethods.Retrieve(ctx, si.PaymentMethod.ID, nil)
	if err != nil {
		return nil, g.apiError("fetch a payment method", err)
	}
	customer := cs.Customer.ID
	return func(tx *ent.Tx) error {
		org, err := g.saveCard(ctx, tx, customer, pm)
		*saved = org
		return err
	}, nil
}

// saveCard makes pm the default card of the customer's organization; the
// attempts of its invoices start again with it (PrepareCharge counts the
// declines since the card was saved). It returns the organization when the
// card changed, uuid.Nil otherwise.
func (g *Gateway) saveCard(ctx context.Context, tx *ent.Tx, customer string, pm *stripeapi.PaymentMethod) (uuid.UUID, error) {
	cust, err := tx.BillingCustomer.Query().Where(billingcustomer.GatewayEQ(billingcustomer.GatewayStripe),
		billingcustomer.CustomerRef(customer)).Only(ctx)
	if ent.IsNotFound(err) {
		g.log().WarnContext(ctx, "stripe checkout of an unknown customer", "customer", customer)
		return uuid.Nil, nil
	}
	if err != nil || cust.PaymentMethodRef == pm.ID {
		return uuid.Nil, err
	}
	brand, last4 := "", ""
	if pm.Card != nil {
		brand, last4 = string(pm.Card.Brand), pm.Card.Last4
	}
	if len(brand) > 32 {
		brand = brand[:32]
	}
	err = tx.BillingCustomer.UpdateOne(cust).SetPaymentMethodRef(pm.ID).SetCardBrand(brand).SetCardLast4(last4).
		SetUpdatedAt(g.billing.Clock()).Exec(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	g.log().InfoContext(ctx, "stripe card saved", "organization_id", cust.OrganizationID, "customer", customer,
		"payment_method", pm.ID, "brand", brand, "last4", last4)
	return cust.OrganizationID, nil
}
