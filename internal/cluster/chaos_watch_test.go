package cluster_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
)

// readyWatch follows videos through videoUpdated subscriptions opened through
// the proxy, as a web client does: when its connection ends (its replica was
// killed) it connects again, and the subscription's first message is the
// video as it is then, so no state is missed.
type readyWatch struct {
	api   *apptest.Server
	mu    sync.Mutex
	ready map[string]bool
	// reconnects counts connections opened again after one ended.
	reconnects int
}

func newReadyWatch(api *apptest.Server) *readyWatch {
	return &readyWatch{api: api, ready: map[string]bool{}}
}

// follow subscribes to the video until it is seen ready.
func (w *readyWatch) follow(id string) {
	go func() {
		for attempt := 0; attempt < 50; attempt++ {
			if attempt > 0 {
				w.mu.Lock()
				w.reconnects++
				w.mu.Unlock()
				// The client's reconnect delay: a client has no signal of
				// the cluster being back but trying again.
				time.Sleep(200 * time.Millisecond)
			}
			c, _, err := w.api.DialWS(map[string]any{"Authorization": "Bearer " + w.api.Token})
			if err != nil {
				continue
			}
			payload, _ := json.Marshal(map[string]any{"query": `subscription($id: ID!) { videoUpdated(id: $id) { status } }`,
				"variables": map[string]any{"id": id}})
			if c.Send(apptest.WSMessage{ID: "v", Type: "subscribe", Payload: payload}) != nil {
				continue
			}
			for {
				m, err := c.Read(5 * time.Minute)
				if err != nil {
					break // the connection ended: connect again
				}
				var out struct{ VideoUpdated struct{ Status string } }
				if m.Type == "next" && m.Data(&out) == nil && out.VideoUpdated.Status == "ready" {
					w.mu.Lock()
					w.ready[id] = true
					w.mu.Unlock()
					c.Close()
					return
				}
			}
		}
	}()
}

// expectReady waits until every video was seen ready by its subscription.
func (w *readyWatch) expectReady(t *testing.T, videos []string, timeout time.Duration) {
	t.Helper()
	var missing []string
	var reconnects int
	if !poll.Every(100*time.Millisecond, timeout, func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		missing = missing[:0]
		for _, v := range videos {
			if !w.ready[v] {
				missing = append(missing, v)
			}
		}
		reconnects = w.reconnects
		return len(missing) == 0
	}) {
		t.Fatalf("subscriptions never saw these videos ready: %v", missing)
	}
	t.Logf("subscriptions saw every video ready (%d reconnects)", reconnects)
}

// hookReceiver is a webhook endpoint that records every delivery.
type hookReceiver struct {
	*httptest.Server
	mu sync.Mutex
	// byMessage counts deliveries per webhook-id; events keeps each message once.
	byMessage map[string]int
	events    map[string]hookEvent
}

// hookEvent is the part of a delivered event the test reads.
type hookEvent struct {
	Type string `json:"type"`
	Data struct {
		ID string `json:"id"`
	} `json:"data"`
}

func newHookReceiver(t *testing.T) *hookReceiver {
	r := &hookReceiver{byMessage: map[string]int{}, events: map[string]hookEvent{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var ev hookEvent
		body, _ := io.ReadAll(req.Body)
		if err := json.Unmarshal(body, &ev); err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		id := req.Header.Get("webhook-id")
		r.byMessage[id]++
		r.events[id] = ev
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

// expectEach waits until every video has exactly one message of each type.
func (r *hookReceiver) expectEach(t *testing.T, videos, types []string, timeout time.Duration) {
	t.Helper()
	var missing []string
	if !poll.Every(200*time.Millisecond, timeout, func() bool {
		r.mu.Lock()
		count := map[string]int{}
		for _, ev := range r.events {
			count[ev.Data.ID+" "+ev.Type]++
		}
		r.mu.Unlock()
		var twice []string
		missing = nil
		for _, v := range videos {
			for _, typ := range types {
				switch n := count[v+" "+typ]; {
				case n == 0:
					missing = append(missing, v+" "+typ)
				case n > 1:
					twice = append(twice, fmt.Sprintf("%s %s x%d", v, typ, n))
				}
			}
		}
		if len(twice) > 0 {
			t.Fatalf("events announced more than once (distinct webhook-ids): %v", twice)
		}
		return len(missing) == 0
	}) {
		t.Fatalf("events never delivered: %v", missing)
	}
}
