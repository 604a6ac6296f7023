package stripe

import (
	"errors"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestCheckoutSavesCard opens two checkouts (one Stripe customer, created
// once), completes the second, and delivers its webhooks twice and in the
// reverse order: the card is the organization's default once. Without a
// secret key there is no gateway. Both databases.
func TestCheckoutSavesCard(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			first := w.checkout()
			s := w.checkout()
			if w.fake.Customers() != 1 || w.customer() == nil || w.customer().PaymentMethodRef != "" {
				t.Fatalf("customers at Stripe %d, row %+v", w.fake.Customers(), w.customer())
			}
			if s.ID == first.ID || !strings.HasPrefix(s.URL, w.fake.URL+"/checkout/") {
				t.Fatalf("session %+v", s)
			}
			if err := w.fake.CompleteCheckout(s.ID, "visa", "4242"); err != nil {
				t.Fatal(err)
			}
			evs := w.fake.TakeEvents()
			w.deliver(append(stripefakeReversed(evs), evs...))
			c := w.customer()
			if !strings.HasPrefix(c.PaymentMethodRef, "pm_") || c.CardBrand != "visa" || c.CardLast4 != "4242" {
				t.Fatalf("saved card %+v", c)
			}
			if n := w.client.GatewayEvent.Query().CountX(w.ctx); n != len(evs) {
				t.Fatalf("gateway events %d, want %d", n, len(evs))
			}
			// The abandoned first session completes later: its card replaces
			// the default (the latest completed checkout wins).
			if err := w.fake.CompleteCheckout(first.ID, "mastercard", "4444"); err != nil {
				t.Fatal(err)
			}
			w.deliver(w.fake.TakeEvents())
			if c := w.customer(); c.CardLast4 != "4444" {
				t.Fatalf("second card %+v", c)
			}
			if _, err := New(Config{}, &billing.Service{Client: w.client}); !errors.Is(err, ErrDisabled) {
				t.Fatalf("no key: %v", err)
			}
			if _, err := New(Config{SecretKey: "sk_test_x"}, &billing.Service{Client: w.client}); err == nil {
				t.Fatal("a key without a webhook secret was accepted")
			}
		})
	}
}
