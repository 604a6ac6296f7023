package app

import (
	"net/http"
	"strings"

	"github.com/vidra-dev/vidra/internal/billing"
	billingstripe "github.com/vidra-dev/vidra/internal/billing/stripe"
	"github.com/vidra-dev/vidra/internal/config"
)

// newStripe is the Stripe gateway of cfg over svc, or nil while no secret key
// is configured (checkout then refuses and invoices are paid manually).
func newStripe(cfg config.Config, svc *billing.Service) (*billingstripe.Gateway, error) {
	if cfg.Stripe.SecretKey == "" {
		return nil, nil
	}
	return billingstripe.New(billingstripe.Config{
		SecretKey: cfg.Stripe.SecretKey, WebhookSecret: cfg.Stripe.WebhookSecret, APIBase: cfg.Stripe.APIBase,
		ReturnURL: strings.TrimRight(cfg.PublicURL, "/") + "/billing", RetryEvery: cfg.Stripe.RetryEvery,
	}, svc)
}

// stripeWebhook is the Stripe gateway's webhook endpoint, or one that answers
// 404 "not configured" while the gateway is off.
func (a *App) stripeWebhook() http.Handler {
	if a.media.stripe != nil {
		return a.media.stripe
	}
	return billingstripe.Disabled{}
}
