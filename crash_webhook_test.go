//go:build linux

package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// holdingReceiver is a webhook receiver that, once it has answered holdAfter
// requests, holds every further request until released. A held request whose
// sender died meanwhile (its connection closed) was never answered: it counts
// as not delivered. So the test knows exactly which deliveries the killed
// server completed.
type holdingReceiver struct {
	mu        sync.Mutex
	holdAfter int
	answered  map[string]int    // webhook-id -> answered requests
	events    map[string]string // webhook-id -> event id
	aborted   map[string]bool   // webhook-ids whose request the sender abandoned
	held      int
	settled   int // held requests that went on after the release
	release   chan struct{}
	addr      string
}

func newHoldingReceiver(t *testing.T, holdAfter int) *holdingReceiver {
	t.Helper()
	r := &holdingReceiver{holdAfter: holdAfter, answered: map[string]int{}, events: map[string]string{},
		aborted: map[string]bool{}, release: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	srv := &http.Server{Handler: http.HandlerFunc(r.serve)}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { r.releaseAll(); _ = srv.Close() })
	return r
}

func (r *holdingReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	var ev struct{ ID string }
	_ = json.Unmarshal(body, &ev)
	id := req.Header.Get("webhook-id")
	r.mu.Lock()
	hold := r.total() >= r.holdAfter
	if hold {
		r.held++
	}
	r.mu.Unlock()
	if hold {
		<-r.release
		r.mu.Lock()
		r.settled++
		gone := req.Context().Err() != nil
		if gone { // the sender is gone: never answered
			r.aborted[id] = true
		}
		r.mu.Unlock()
		if gone {
			return
		}
	}
	r.mu.Lock()
	r.answered[id]++
	r.events[id] = ev.ID
	r.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

// total is the number of answered requests (r.mu held).
func (r *holdingReceiver) total() int {
	n := 0
	for _, c := range r.answered {
		n += c
	}
	return n
}

func (r *holdingReceiver) heldCount() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.held
}

// waitSettled waits until every held request went on after the release.
func (r *holdingReceiver) waitSettled(t *testing.T) {
	t.Helper()
	if !poll.Every(10*time.Millisecond, 10*time.Second, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.settled == r.held
	}) {
		t.Fatal("held requests did not settle")
	}
}

func (r *holdingReceiver) releaseAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case <-r.release:
	default:
		close(r.release)
	}
}

// snapshot copies the answered counts and the aborted ids.
func (r *holdingReceiver) snapshot() (map[string]int, map[string]bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a := make(map[string]int, len(r.answered))
	for k, v := range r.answered {
		a[k] = v
	}
	b := make(map[string]bool, len(r.aborted))
	for k := range r.aborted {
		b[k] = true
	}
	return a, b
}

// TestKilledServerDeliversPendingWebhooksAfterRestart creates videos with a
// subscribed endpoint, kills -9 the server while deliveries are in flight
// (held by the receiver), restarts it, and sees every event delivered within
// seconds, the abandoned ones again under the same webhook-id, none answered
// twice.
func TestKilledServerDeliversPendingWebhooksAfterRestart(t *testing.T) {
	const videos, holdAfter = 40, 8
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			c := newCluster(t, d)
			rcv := newHoldingReceiver(t, holdAfter)
			first := c.start("server", nil)
			c.waitHealthy(first, 60*time.Second)
			s := apptest.Remote(t, c.URL())
			s.Token = s.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Hooks")
			var ep struct {
				CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
			}
			s.MustGraphQL(`mutation($p: ID!, $u: String!) {
				createWebhookEndpoint(projectID: $p, input: {url: $u, eventTypes: ["video.created"]}) { endpoint { id } } }`,
				map[string]any{"p": proj, "u": "http://" + rcv.addr + "/hook"}, &ep)
			for i := range videos {
				s.CreateVideo(proj, "", "v"+strconv.Itoa(i))
			}
			// Deliveries in flight: held by the receiver. Give the server a
			// moment to record the answered ones, then kill it.
			if !poll.Every(20*time.Millisecond, 60*time.Second, func() bool { return rcv.heldCount() > 0 }) {
				t.Fatal("no delivery reached the receiver's hold")
			}
			// The moment of the kill is the scenario: a second in, deliveries
			// are answered and recorded while others are still held.
			time.Sleep(time.Second)
			first.kill()
			// The kernel closes the dead sender's connections as the process
			// exits; the held handlers learn of it only when they write.
			time.Sleep(200 * time.Millisecond)
			rcv.releaseAll()
			rcv.waitSettled(t)
			answeredBefore, aborted := rcv.snapshot()
			if len(aborted) == 0 {
				t.Fatal("no delivery was in flight at the kill")
			}

			restarted := time.Now()
			second := c.start("server", nil)
			c.waitHealthy(second, 60*time.Second)
			// Taken back at start, not after the dead run's record expires.
			c.waitLog(second, `"reason":"previous run on this host"`, 10*time.Second)
			var answeredNow int
			if !poll.Within(recoveryBound, func() bool {
				answered, _ := rcv.snapshot()
				answeredNow = len(answered)
				return answeredNow >= videos
			}) {
				t.Fatalf("%d of %d deliveries answered %s after the restart (%d before the kill)",
					answeredNow, videos, recoveryBound, len(answeredBefore))
			}
			t.Logf("%s: all %d delivered %.1fs after the restart; %d answered before the kill, %d abandoned by it",
				d, videos, time.Since(restarted).Seconds(), len(answeredBefore), len(aborted))
			// A duplicate delivery is what must not come: its absence has no
			// signal, so leave it room to show.
			time.Sleep(2 * time.Second)
			answered, _ := rcv.snapshot()
			rcv.mu.Lock()
			eventOf := make(map[string]string, len(rcv.events))
			for k, v := range rcv.events {
				eventOf[k] = v
			}
			rcv.mu.Unlock()
			if len(answered) != videos {
				t.Errorf("%d webhook-ids answered, want %d", len(answered), videos)
			}
			events := map[string]bool{}
			for id, n := range answered {
				if n != 1 {
					t.Errorf("webhook-id %s answered %d times", id, n)
				}
				events[eventOf[id]] = true
			}
			if len(events) != videos {
				t.Errorf("%d distinct events answered, want %d", len(events), videos)
			}
			for id := range aborted {
				if answered[id] != 1 {
					t.Errorf("abandoned delivery %s answered %d times after the restart", id, answered[id])
				}
			}
		})
	}
}
