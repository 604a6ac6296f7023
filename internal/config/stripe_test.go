package config

import (
	"strings"
	"testing"
	"time"
)

// TestStripe reads the gateway's variables: off by default, a key needs a
// webhook secret, the API base must be an http(s) URL.
func TestStripe(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil || c.Stripe.SecretKey != "" || c.Stripe.APIBase != "https://api.stripe.com" ||
		c.Stripe.ChargeInterval != 5*time.Minute || c.Stripe.RetryEvery != 48*time.Hour {
		t.Fatalf("defaults %+v, %v", c.Stripe, err)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_STRIPE_SECRET_KEY": "sk_test_1", "VIDRA_STRIPE_WEBHOOK_SECRET": "whsec_1",
		"VIDRA_STRIPE_API_BASE": "http://127.0.0.1:12111", "VIDRA_STRIPE_RETRY_EVERY": "24h"}))
	if err != nil || c.Stripe.SecretKey != "sk_test_1" || c.Stripe.WebhookSecret != "whsec_1" ||
		c.Stripe.APIBase != "http://127.0.0.1:12111" || c.Stripe.RetryEvery != 24*time.Hour {
		t.Fatalf("set %+v, %v", c.Stripe, err)
	}
	for name, e := range map[string]map[string]string{
		"VIDRA_STRIPE_WEBHOOK_SECRET":  {"VIDRA_STRIPE_SECRET_KEY": "sk_test_1"},
		"VIDRA_STRIPE_API_BASE":        {"VIDRA_STRIPE_API_BASE": "api.stripe.com"},
		"VIDRA_STRIPE_CHARGE_INTERVAL": {"VIDRA_STRIPE_CHARGE_INTERVAL": "0s"},
	} {
		if _, err := FromEnv(env(e)); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%v: error %v, want one naming %s", e, err, name)
		}
	}
}
