package stripe

import (
	"bytes"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/billing/stripe/stripefake"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestWebhookSignature posts events over HTTP: no signature, a wrong secret,
// a stale timestamp and a changed body are 400 and record nothing; an unknown
// type is a 200 recorded once; a body over 256 KiB is 413. Both databases.
func TestWebhookSignature(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			body := []byte(`{"id": "evt_unknown1", "object": "event", "type": "customer.updated", "api_version": "2020-08-27",
				"created": 1, "data": {"object": {"id": "cus_1", "object": "customer"}}}`)
			now := time.Now()
			post := func(b []byte, sig string, want int) {
				t.Helper()
				got, err := stripefake.Post(w.hook, b, sig)
				if err != nil || got != want {
					t.Fatalf("status %d (%v), want %d", got, err, want)
				}
			}
			post(body, "", 400)
			post(body, stripefake.Sign(body, "whsec_other", now), 400)
			post(body, stripefake.Sign(body, w.fake.WebhookSecret, now.Add(-10*time.Minute)), 400)
			post(bytes.Replace(body, []byte("cus_1"), []byte("cus_2"), 1), stripefake.Sign(body, w.fake.WebhookSecret, now), 400)
			if n := w.client.GatewayEvent.Query().CountX(w.ctx); n != 0 {
				t.Fatalf("refused events recorded: %d", n)
			}
			post(body, stripefake.Sign(body, w.fake.WebhookSecret, now), 200)
			post(body, stripefake.Sign(body, w.fake.WebhookSecret, now), 200)
			if n := w.client.GatewayEvent.Query().CountX(w.ctx); n != 1 {
				t.Fatalf("events recorded %d, want 1", n)
			}
			big := append([]byte(`{"id": "evt_big", "pad": "`), bytes.Repeat([]byte("x"), 300<<10)...)
			big = append(big, `"}`...)
			post(big, stripefake.Sign(big, w.fake.WebhookSecret, now), 413)
		})
	}
}
