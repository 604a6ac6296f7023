package stripefake

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

func (s *Server) createCustomer(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := obj{"id": s.newID("cus"), "object": "customer", "created": time.Now().Unix(), "livemode": false,
		"email": r.PostForm.Get("email"), "name": r.PostForm.Get("name"), "metadata": metadata(r.PostForm),
		"invoice_settings": obj{"default_payment_method": nil}}
	s.customers[c["id"].(string)] = c
	writeJSON(w, http.StatusOK, c)
}

// createSession opens a Checkout Session in setup mode (the only mode the
// gateway uses: Vidra owns the invoices, the card is saved for off-session
// charges).
func (s *Server) createSession(w http.ResponseWriter, r *http.Request) {
	f := r.PostForm
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.customers[f.Get("customer")] == nil:
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "customer", "message": "No such customer"})
		return
	case f.Get("mode") != "setup":
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "mode", "message": "the fake supports mode=setup only"})
		return
	case f.Get("success_url") == "" || f.Get("currency") == "":
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "message": "success_url and currency are required"})
		return
	}
	id := s.newID("cs")
	cs := obj{"id": id, "object": "checkout.session", "mode": "setup", "status": "open", "livemode": false,
		"customer": f.Get("customer"), "client_reference_id": f.Get("client_reference_id"), "currency": f.Get("currency"),
		"metadata": metadata(f), "success_url": f.Get("success_url"), "cancel_url": f.Get("cancel_url"),
		"url": s.URL + "/checkout/" + id, "setup_intent": nil, "payment_status": "no_payment_required",
		"created": time.Now().Unix()}
	s.sessions[id] = cs
	writeJSON(w, http.StatusOK, cs)
}

// createPaymentIntent confirms an off-session charge at once: succeeded (a
// charge counted), processing (Processing(true): settled later by Settle), or
// declined (Decline: a 402 card_error carrying the failed PaymentIntent).
func (s *Server) createPaymentIntent(w http.ResponseWriter, r *http.Request) {
	f := r.PostForm
	amount, err := strconv.ParseInt(f.Get("amount"), 10, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	pm := s.paymentMethods[f.Get("payment_method")]
	switch {
	case err != nil || amount <= 0:
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "amount", "message": "Invalid positive integer"})
		return
	case len(f.Get("currency")) != 3 || strings.ToLower(f.Get("currency")) != f.Get("currency"):
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "currency", "message": "Invalid currency"})
		return
	case s.customers[f.Get("customer")] == nil:
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "customer", "message": "No such customer"})
		return
	case pm == nil || pm["customer"] != f.Get("customer"):
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "param": "payment_method",
			"message": "The provided PaymentMethod is not attached to this customer"})
		return
	case f.Get("confirm") != "true" || f.Get("off_session") != "true":
		writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "message": "the fake supports confirmed off-session intents only"})
		return
	}
	s.intentsCreated++
	pi := obj{"id": s.newID("pi"), "object": "payment_intent", "amount": amount, "amount_received": 0,
		"currency": f.Get("currency"), "customer": f.Get("customer"), "payment_method": pm["id"],
		"metadata": metadata(f), "livemode": false, "created": time.Now().Unix(), "last_payment_error": nil}
	s.paymentIntents[pi["id"].(string)] = pi
	created := clone(pi)
	created["status"] = "requires_confirmation"
	s.queue("payment_intent.created", created)
	switch {
	case s.decline != "":
		pi["status"] = "requires_payment_method"
		perr := obj{"type": "card_error", "code": "card_declined", "decline_code": s.decline,
			"message": "Your card was declined.", "payment_method": clone(pm)}
		pi["last_payment_error"] = perr
		s.queue("payment_intent.payment_failed", pi)
		e := clone(perr)
		e["payment_intent"] = clone(pi)
		writeError(w, http.StatusPaymentRequired, e)
		return
	case s.processing:
		pi["status"] = "processing"
		s.queue("payment_intent.processing", pi)
	default:
		s.succeed(pi)
	}
	writeJSON(w, http.StatusOK, pi)
}

// succeed settles pi: a charge counted, payment_intent.succeeded queued.
func (s *Server) succeed(pi obj) {
	pi["status"] = "succeeded"
	pi["amount_received"] = pi["amount"]
	s.charges++
	s.chargedMinor += pi["amount"].(int64)
	s.queue("payment_intent.succeeded", pi)
}
