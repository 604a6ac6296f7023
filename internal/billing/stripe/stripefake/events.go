package stripefake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Event is a webhook event the fake queued: its id, type, the id of its
// object and the JSON body Stripe would post.
type Event struct {
	ID       string
	Type     string
	ObjectID string
	Body     []byte
}

// queue snapshots o into a new event (the caller holds s.mu).
func (s *Server) queue(typ string, o obj) {
	id := s.newID("evt")
	body, _ := json.Marshal(obj{"id": id, "object": "event", "type": typ, "api_version": stripe.APIVersion,
		"created": time.Now().Unix(), "livemode": false, "pending_webhooks": 1,
		"request": obj{"id": nil, "idempotency_key": nil}, "data": obj{"object": clone(o)}})
	s.events = append(s.events, Event{ID: id, Type: typ, ObjectID: o["id"].(string), Body: body})
}

// TakeEvents returns the events queued since the last call, oldest first.
func (s *Server) TakeEvents() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.events
	s.events = nil
	return out
}

// Reversed is events in the opposite order (a later event delivered first).
func Reversed(events []Event) []Event {
	out := slices.Clone(events)
	slices.Reverse(out)
	return out
}

// Sign is the Stripe-Signature header of body at t with secret.
func Sign(body []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: t}).Header
}

// Post sends body to url with a Stripe-Signature header and returns the status.
func Post(url string, body []byte, signature string) (int, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }()
	return resp.StatusCode, nil
}

// Deliver posts each event to url, signed now with the webhook secret, in the
// order given (duplicates included), retrying one that is not answered 2xx up
// to tries times as Stripe retries; it fails on an event never accepted.
func (s *Server) Deliver(url string, events []Event, tries int) error {
	for _, ev := range events {
		var last int
		var err error
		for range max(tries, 1) {
			last, err = Post(url, ev.Body, Sign(ev.Body, s.WebhookSecret, time.Now()))
			if err == nil && last >= 200 && last < 300 {
				break
			}
		}
		if err != nil {
			return fmt.Errorf("deliver %s %s: %w", ev.Type, ev.ID, err)
		}
		if last < 200 || last >= 300 {
			return fmt.Errorf("deliver %s %s: status %d after %d tries", ev.Type, ev.ID, last, tries)
		}
	}
	return nil
}
