package config

import (
	"errors"
	"net/url"
	"time"
)

// Stripe is the configuration of the Stripe card gateway of billing; the
// gateway is off while SecretKey is empty.
type Stripe struct {
	// SecretKey is the API key, sk_live_... or sk_test_... (VIDRA_STRIPE_SECRET_KEY).
	SecretKey string
	// WebhookSecret verifies the Stripe-Signature of events posted to
	// /v1/billing/webhooks/stripe (VIDRA_STRIPE_WEBHOOK_SECRET; required with a key).
	WebhookSecret string
	// APIBase is the API's base URL (VIDRA_STRIPE_API_BASE, default Stripe's).
	APIBase string
	// ChargeInterval is how often finalized invoices are charged to saved
	// cards (VIDRA_STRIPE_CHARGE_INTERVAL, default 5m).
	ChargeInterval time.Duration
	// RetryEvery is the wait after a declined charge before the next
	// (VIDRA_STRIPE_RETRY_EVERY, default 48h); at most 4 attempts per card.
	RetryEvery time.Duration
}

// readStripe reads the Stripe configuration through get (name, default).
func readStripe(get func(name, def string) string) (Stripe, []error) {
	var errs []error
	s := Stripe{
		SecretKey:      get("VIDRA_STRIPE_SECRET_KEY", ""),
		WebhookSecret:  get("VIDRA_STRIPE_WEBHOOK_SECRET", ""),
		APIBase:        get("VIDRA_STRIPE_API_BASE", "https://api.stripe.com"),
		ChargeInterval: positiveDuration(get, &errs, "VIDRA_STRIPE_CHARGE_INTERVAL", "5m"),
		RetryEvery:     positiveDuration(get, &errs, "VIDRA_STRIPE_RETRY_EVERY", "48h"),
	}
	if u, err := url.Parse(s.APIBase); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		errs = append(errs, errors.New("VIDRA_STRIPE_API_BASE: want an absolute http(s) URL"))
	}
	if s.SecretKey != "" && s.WebhookSecret == "" {
		errs = append(errs, errors.New("VIDRA_STRIPE_WEBHOOK_SECRET: required with VIDRA_STRIPE_SECRET_KEY (webhooks are verified)"))
	}
	return s, errs
}
