// Package stripefake is a stateful Stripe API server on loopback for tests: it
// answers the paths and form-encoded bodies stripe-go sends for customers,
// Checkout Sessions, SetupIntents, PaymentMethods and PaymentIntents, honours
// Idempotency-Key (the same key replays the first response and charges
// nothing more), declines cards on demand, counts charges, and sends signed
// webhook events with retries, duplicates and reordering.
package stripefake

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Server is the fake Stripe API. Its zero value is not usable: call Start.
type Server struct {
	// URL is the API base to give stripe-go (http://127.0.0.1:port).
	URL string
	// SecretKey is the API key requests must carry as a Bearer token.
	SecretKey string
	// WebhookSecret signs the webhook events (whsec_...).
	WebhookSecret string

	srv *httptest.Server

	mu             sync.Mutex
	seq            int
	customers      map[string]obj
	sessions       map[string]obj
	setupIntents   map[string]obj
	paymentMethods map[string]obj
	paymentIntents map[string]obj
	idempotent     map[string]replay
	decline        string
	failNext       int
	processing     bool
	charges        int
	chargedMinor   int64
	intentsCreated int
	requests       []string
	events         []Event
}

// obj is a Stripe object as JSON.
type obj = map[string]any

// replay is the first response to an idempotency key.
type replay struct {
	fingerprint string
	status      int
	body        []byte
}

// Start runs a fake on 127.0.0.1 with a random port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		SecretKey: "sk_test_vidra_fake", WebhookSecret: "whsec_vidra_fake",
		customers: map[string]obj{}, sessions: map[string]obj{}, setupIntents: map[string]obj{},
		paymentMethods: map[string]obj{}, paymentIntents: map[string]obj{}, idempotent: map[string]replay{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/customers", s.createCustomer)
	mux.HandleFunc("GET /v1/customers/{id}", s.get(func() map[string]obj { return s.customers }))
	mux.HandleFunc("POST /v1/checkout/sessions", s.createSession)
	mux.HandleFunc("GET /v1/checkout/sessions/{id}", s.get(func() map[string]obj { return s.sessions }))
	mux.HandleFunc("GET /v1/setup_intents/{id}", s.get(func() map[string]obj { return s.setupIntents }))
	mux.HandleFunc("GET /v1/payment_methods/{id}", s.get(func() map[string]obj { return s.paymentMethods }))
	mux.HandleFunc("POST /v1/payment_intents", s.createPaymentIntent)
	mux.HandleFunc("GET /v1/payment_intents/{id}", s.get(func() map[string]obj { return s.paymentIntents }))
	s.srv = httptest.NewServer(s.authorize(mux))
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// authorize checks the Bearer key, replays idempotent POSTs and records each
// request as "METHOD path".
func (s *Server) authorize(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+s.SecretKey {
			writeError(w, http.StatusUnauthorized, obj{"type": "invalid_request_error", "message": "Invalid API Key provided"})
			return
		}
		if err := r.ParseForm(); err != nil {
			writeError(w, http.StatusBadRequest, obj{"type": "invalid_request_error", "message": "unreadable form body"})
			return
		}
		s.mu.Lock()
		s.requests = append(s.requests, r.Method+" "+r.URL.Path)
		if s.failNext > 0 {
			s.failNext--
			s.mu.Unlock()
			writeError(w, http.StatusInternalServerError, obj{"type": "api_error", "message": "An unknown error occurred (fake outage)"})
			return
		}
		key := r.Header.Get("Idempotency-Key")
		if r.Method != http.MethodPost || key == "" {
			s.mu.Unlock()
			next.ServeHTTP(w, r)
			return
		}
		fp := fingerprint(r)
		if prev, ok := s.idempotent[key]; ok {
			s.mu.Unlock()
			if prev.fingerprint != fp {
				writeError(w, http.StatusBadRequest, obj{"type": "idempotency_error",
					"message": "Keys for idempotent requests can only be used with the same parameters they were first used with."})
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(prev.status)
			_, _ = w.Write(prev.body)
			return
		}
		s.mu.Unlock()
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		s.mu.Lock()
		if rec.Code < 500 {
			s.idempotent[key] = replay{fingerprint: fp, status: rec.Code, body: rec.Body.Bytes()}
		}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

// fingerprint identifies a request's path and parameters.
func fingerprint(r *http.Request) string {
	keys := make([]string, 0, len(r.PostForm))
	for k := range r.PostForm {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	h.Write([]byte(r.URL.Path))
	for _, k := range keys {
		fmt.Fprintf(h, "\x00%s=%s", k, strings.Join(r.PostForm[k], ","))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// get answers GET /v1/{kind}/{id} from the map of that kind.
func (s *Server) get(objects func() map[string]obj) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		o, ok := objects()[r.PathValue("id")]
		var body []byte
		if ok {
			body, _ = json.Marshal(o)
		}
		s.mu.Unlock()
		if !ok {
			writeError(w, http.StatusNotFound, obj{"type": "invalid_request_error", "code": "resource_missing",
				"message": "No such object: '" + r.PathValue("id") + "'"})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}
}

// newID is a fresh id with Stripe's prefix (cus, cs, seti, pm, pi, evt).
func (s *Server) newID(prefix string) string {
	s.seq++
	return fmt.Sprintf("%s_fake%06d", prefix, s.seq)
}

// metadata reads metadata[k]=v form fields.
func metadata(form url.Values) obj {
	m := obj{}
	for k, v := range form {
		if strings.HasPrefix(k, "metadata[") && strings.HasSuffix(k, "]") {
			m[k[len("metadata["):len(k)-1]] = v[0]
		}
	}
	return m
}

func writeJSON(w http.ResponseWriter, status int, o obj) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(o)
}

func writeError(w http.ResponseWriter, status int, e obj) {
	writeJSON(w, status, obj{"error": e})
}

// Requests are the requests served so far, as "METHOD path".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// clone copies o through JSON (events carry a snapshot, not the live object).
func clone(o obj) obj {
	b, _ := json.Marshal(o)
	var c obj
	_ = json.Unmarshal(b, &c)
	return c
}
