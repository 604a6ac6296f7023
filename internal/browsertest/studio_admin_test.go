package browsertest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// TestStudioAdmin: an owner adds a webhook endpoint to a loopback receiver,
// sees a delivery arrive live, opens it, resends it and rotates the secret;
// creates an API key whose secret works from outside the browser until it is
// revoked; invites a second address, whose holder registers from the mailed
// link in a fresh browser and joins; changes their role; and reads all of it
// in the audit log (browser/studio/scenarios/admin.mjs), on both databases;
// axe-core finds no serious violation on any screen.
func TestStudioAdmin(t *testing.T) {
	mail, mailbox := studioMailbox(t)
	shots := studioShots(t)
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		receiver := startReceiver(t)
		browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "admin", Mailbox: mailbox, Shots: shots,
			Env: map[string]any{"receiver": receiver.URL, "shots": shots},
		})
	}, apptest.Options{Env: map[string]string{"VIDRA_SMTP_URL": mail.URL}})
}

// received is one webhook request the receiver got.
type received struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

// startReceiver is the webhook receiver: POST /hooks answers 200 with a small
// JSON body and keeps the request's webhook-id and event type; GET /log lists
// them, for the scenario to check what arrived.
func startReceiver(t *testing.T) *httptest.Server {
	var mu sync.Mutex
	var got []received
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/hooks":
			body, _ := io.ReadAll(r.Body)
			var ev struct {
				Type string `json:"type"`
			}
			_ = json.Unmarshal(body, &ev)
			mu.Lock()
			got = append(got, received{ID: r.Header.Get("webhook-id"), Type: ev.Type})
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"received":true}`))
		case r.Method == http.MethodGet && r.URL.Path == "/log":
			mu.Lock()
			defer mu.Unlock()
			_ = json.NewEncoder(w).Encode(append([]received{}, got...))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}
