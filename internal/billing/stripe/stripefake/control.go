package stripefake

import (
	"fmt"
	"time"
)

// Decline makes the following charges fail with decline code (e.g.
// "insufficient_funds"); "" lets them succeed again.
func (s *Server) Decline(code string) {
	s.mu.Lock()
	s.decline = code
	s.mu.Unlock()
}

// FailNext answers the next n API requests with a 500 api_error (an outage).
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	s.failNext = n
	s.mu.Unlock()
}

// Processing makes the following charges stay processing until Settle.
func (s *Server) Processing(on bool) {
	s.mu.Lock()
	s.processing = on
	s.mu.Unlock()
}

// Settle succeeds a processing PaymentIntent (a charge counted).
func (s *Server) Settle(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	pi := s.paymentIntents[id]
	if pi == nil || pi["status"] != "processing" {
		return fmt.Errorf("stripefake: %s is not a processing PaymentIntent", id)
	}
	s.succeed(pi)
	return nil
}

// Charges is how many PaymentIntents succeeded, and their sum in minor units.
func (s *Server) Charges() (int, int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.charges, s.chargedMinor
}

// IntentsCreated is how many PaymentIntents were created (replays excluded).
func (s *Server) IntentsCreated() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.intentsCreated
}

// CompleteCheckout completes an open setup-mode session as a customer paying
// on the hosted page would: a card PaymentMethod attached to the session's
// customer, a succeeded SetupIntent, the session complete, and
// setup_intent.succeeded and checkout.session.completed queued.
func (s *Server) CompleteCheckout(sessionID, brand, last4 string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cs := s.sessions[sessionID]
	if cs == nil || cs["status"] != "open" {
		return fmt.Errorf("stripefake: %s is not an open session", sessionID)
	}
	now := time.Now().Unix()
	pm := obj{"id": s.newID("pm"), "object": "payment_method", "type": "card", "customer": cs["customer"],
		"card": obj{"brand": brand, "last4": last4, "exp_month": 12, "exp_year": 2030}, "created": now, "livemode": false}
	s.paymentMethods[pm["id"].(string)] = pm
	si := obj{"id": s.newID("seti"), "object": "setup_intent", "status": "succeeded", "usage": "off_session",
		"customer": cs["customer"], "payment_method": pm["id"], "created": now, "livemode": false}
	s.setupIntents[si["id"].(string)] = si
	cs["status"], cs["setup_intent"] = "complete", si["id"]
	s.queue("setup_intent.succeeded", si)
	s.queue("checkout.session.completed", cs)
	return nil
}

// Customer is a customer's current object, or nil.
func (s *Server) Customer(id string) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.customers[id]; c != nil {
		return clone(c)
	}
	return nil
}

// Customers is how many customers exist.
func (s *Server) Customers() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.customers)
}

// PaymentIntent is a PaymentIntent's current object, or nil.
func (s *Server) PaymentIntent(id string) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if pi := s.paymentIntents[id]; pi != nil {
		return clone(pi)
	}
	return nil
}
