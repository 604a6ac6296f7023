package stripe

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/google/uuid"
	stripeapi "github.com/stripe/stripe-go/v85"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/billingcustomer"
	"github.com/vidra-dev/vidra/ent/organization"
)

// Session is a hosted Checkout Session: the page the customer is sent to.
type Session struct {
	ID  string
	URL string
}

// Checkout opens a hosted Checkout Session in setup mode for orgID, in tx:
// the organization's Stripe customer is created the first time (its row
// written in tx), and the session saves a card for off-session charges of
// the organization's invoices (checkout.session.completed, webhook.go).
// currency is the plan's or subscription's (lower-cased for Stripe).
func (g *Gateway) Checkout(ctx context.Context, tx *ent.Tx, orgID uuid.UUID, currency string) (*Session, error) {
	cust, err := g.ensureCustomer(ctx, tx, orgID)
	if err != nil {
		return nil, err
	}
	ret, err := g.returnURL()
	if err != nil {
		return nil, err
	}
	p := &stripeapi.CheckoutSessionCreateParams{
		Mode:               stripeapi.String(string(stripeapi.CheckoutSessionModeSetup)),
		Customer:           stripeapi.String(cust.CustomerRef),
		Currency:           stripeapi.String(strings.ToLower(currency)),
		PaymentMethodTypes: stripeapi.StringSlice([]string{"card"}),
		ClientReferenceID:  stripeapi.String(orgID.String()),
		SuccessURL:         stripeapi.String(ret + "checkout=success"),
		CancelURL:          stripeapi.String(ret + "checkout=canceled"),
	}
	p.AddMetadata("organization_id", orgID.String())
	cs, err := g.api.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return nil, g.apiError("create a checkout session", err)
	}
	g.log().InfoContext(ctx, "stripe checkout session", "organization_id", orgID, "session", cs.ID, "customer", cust.CustomerRef)
	return &Session{ID: cs.ID, URL: cs.URL}, nil
}

// ensureCustomer is the organization's Stripe customer, created at Stripe
// and recorded in tx the first time. The creation carries the idempotency key
// stripe:customer:{org}, so a retry after a rolled-back transaction gets the
// same customer back rather than a second one.
func (g *Gateway) ensureCustomer(ctx context.Context, tx *ent.Tx, orgID uuid.UUID) (*ent.BillingCustomer, error) {
	cust, err := tx.BillingCustomer.Query().Where(billingcustomer.OrganizationID(orgID),
		billingcustomer.GatewayEQ(billingcustomer.GatewayStripe)).Only(ctx)
	if err == nil || !ent.IsNotFound(err) {
		return cust, err
	}
	org, err := tx.Organization.Query().Where(organization.ID(orgID)).Only(ctx)
	if err != nil {
		return nil, err
	}
	p := &stripeapi.CustomerCreateParams{Name: stripeapi.String(org.Name)}
	p.AddMetadata("organization_id", orgID.String())
	p.SetIdempotencyKey("stripe:customer:" + orgID.String())
	c, err := g.api.V1Customers.Create(ctx, p)
	if err != nil {
		return nil, g.apiError("create a customer", err)
	}
	now := g.billing.Clock()
	return tx.BillingCustomer.Create().SetOrganizationID(orgID).SetGateway(billingcustomer.GatewayStripe).
		SetCustomerRef(c.ID).SetCreatedAt(now).SetUpdatedAt(now).Save(ctx)
}

// returnURL is ReturnURL ready for a query parameter to be appended.
func (g *Gateway) returnURL() (string, error) {
	u, err := url.Parse(g.cfg.ReturnURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("stripe gateway: the checkout return URL %q is not an absolute http(s) URL (set VIDRA_PUBLIC_URL)", g.cfg.ReturnURL)
	}
	if u.RawQuery == "" {
		return u.String() + "?", nil
	}
	return u.String() + "&", nil
}

// log is the billing service's logger.
func (g *Gateway) log() *slog.Logger {
	if g.billing.Log != nil {
		return g.billing.Log
	}
	return slog.Default()
}
