package rest_test

import (
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/billing/stripe/stripefake"
	"github.com/vidra-dev/vidra/internal/mailtest"
)

// stripeWorld starts a server on dialect d against a fake Stripe on loopback
// (its charge job every chargeInterval), with the default user's organization
// "Acme" holding one project "Docs". It returns the world, the fake gateway
// and the admin key's header.
func stripeWorld(t *testing.T, d, chargeInterval string) (*orgWorld, *stripefake.Server, http.Header) {
	t.Helper()
	fake := stripefake.Start(t)
	m := mailtest.Start(t)
	s := apptest.New(t, d, apptest.Options{Env: map[string]string{
		"VIDRA_SMTP_URL": m.URL, "VIDRA_ADMIN_API_KEY": adminKey,
		"VIDRA_STRIPE_SECRET_KEY": fake.SecretKey, "VIDRA_STRIPE_WEBHOOK_SECRET": fake.WebhookSecret,
		"VIDRA_STRIPE_API_BASE": fake.URL, "VIDRA_STRIPE_CHARGE_INTERVAL": chargeInterval,
	}})
	m.Wait(t, apptest.DefaultEmail)
	w := &orgWorld{t: t, s: s, mail: m}
	w.orgID = s.CreateOrganization("Acme")
	w.s.CreateProject(w.orgID, "Docs")
	return w, fake, http.Header{"X-Api-Key": {adminKey}}
}
