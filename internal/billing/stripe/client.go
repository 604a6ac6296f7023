// Package stripe is the Stripe card gateway of billing: Vidra keeps the
// invoices, Stripe only moves money. It creates one Stripe customer per
// organization and a hosted Checkout Session (mode setup) that saves a card
// (checkout.go), charges finalized invoices off-session with the transaction
// row and its idempotency key committed before the call (charge.go, run by a
// River job: jobs.go), and verifies, de-duplicates and applies Stripe's
// webhooks, re-fetching each object from the API rather than trusting the
// event's payload or its order (webhook.go).
package stripe

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/riverqueue/river"
	stripeapi "github.com/stripe/stripe-go/v85"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/billing"
)

// GatewayName is the transactions' and gateway events' gateway.
const GatewayName = "stripe"

// Config configures the gateway (VIDRA_STRIPE_*).
type Config struct {
	// SecretKey is the API key (sk_...); the gateway is off while it is empty.
	SecretKey string
	// WebhookSecret verifies the Stripe-Signature of webhooks (whsec_...).
	WebhookSecret string
	// APIBase is the API's base URL; Stripe's (https://api.stripe.com) when empty.
	APIBase string
	// ReturnURL is where the hosted checkout sends the customer back
	// (?checkout=success or ?checkout=canceled is added).
	ReturnURL string
	// MaxAttempts bounds the charges of one invoice per saved card; 4 when 0.
	MaxAttempts int
	// RetryEvery is the wait after a declined charge before the next; 48 h when 0.
	RetryEvery time.Duration
	// HTTPClient calls the API; a client with a 30 s timeout when nil.
	HTTPClient *http.Client
}

// Enabled reports whether a secret key is configured.
func (c Config) Enabled() bool { return c.SecretKey != "" }

// Gateway is the Stripe gateway of one server.
type Gateway struct {
	cfg     Config
	api     *stripeapi.Client
	client  *ent.Client
	billing *billing.Service

	// Jobs enqueues the charge of an organization whose card a checkout
	// just saved (ChargeOrganizationArgs); nil: the periodic ChargeDue
	// charges it at its next run. Set once the job queue is open.
	Jobs JobInserter
}

// JobInserter enqueues a job (jobs.Queue).
type JobInserter interface {
	Insert(ctx context.Context, args river.JobArgs) error
}

// ErrDisabled is returned by New without a secret key.
var ErrDisabled = errors.New("stripe gateway: VIDRA_STRIPE_SECRET_KEY is not set")

// New is the gateway of cfg over the billing service svc (its client, clock,
// logger and events); ErrDisabled without a secret key, and an error without
// a webhook secret (unverifiable webhooks are never accepted).
func New(cfg Config, svc *billing.Service) (*Gateway, error) {
	if !cfg.Enabled() {
		return nil, ErrDisabled
	}
	if cfg.WebhookSecret == "" {
		return nil, errors.New("stripe gateway: VIDRA_STRIPE_WEBHOOK_SECRET is required with a secret key")
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 4
	}
	if cfg.RetryEvery <= 0 {
		cfg.RetryEvery = 48 * time.Hour
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	bc := &stripeapi.BackendConfig{HTTPClient: cfg.HTTPClient, LeveledLogger: &stripeapi.LeveledLogger{Level: stripeapi.LevelNull}}
	if cfg.APIBase != "" {
		bc.URL = stripeapi.String(strings.TrimRight(cfg.APIBase, "/"))
	}
	api := stripeapi.NewClient(cfg.SecretKey, stripeapi.WithBackends(stripeapi.NewBackendsWithConfig(bc)))
	return &Gateway{cfg: cfg, api: api, client: svc.Client, billing: svc}, nil
}
