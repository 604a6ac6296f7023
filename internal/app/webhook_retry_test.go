package app_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
)

// scriptedReceiver is a webhook receiver on loopback whose n-th request (1-based)
// is answered by its script; it notes when each request arrived.
type scriptedReceiver struct {
	URL     string
	mu      sync.Mutex
	arrived []time.Time
}

func newScriptedReceiver(t *testing.T, script func(n int, w http.ResponseWriter, r *http.Request)) *scriptedReceiver {
	t.Helper()
	rcv := &scriptedReceiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Reading the body lets the server notice when the sender hangs up.
		_, _ = io.Copy(io.Discard, r.Body)
		rcv.mu.Lock()
		rcv.arrived = append(rcv.arrived, time.Now())
		n := len(rcv.arrived)
		rcv.mu.Unlock()
		script(n, w, r)
	}))
	t.Cleanup(srv.Close)
	rcv.URL = srv.URL + "/hook"
	return rcv
}

// gaps are the times between consecutive requests.
func (r *scriptedReceiver) gaps() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []time.Duration
	for i := 1; i < len(r.arrived); i++ {
		out = append(out, r.arrived[i].Sub(r.arrived[i-1]))
	}
	return out
}

// attemptRecord is one attempt of a delivery as webhookLogs shows it.
type attemptRecord struct {
	StatusCode   int
	Error        string
	ResponseBody string
	DurationMs   int
	Succeeded    bool
}

// deliveryRecord is a delivery in webhookLogs with the error of each attempt.
type deliveryRecord struct {
	Status     string
	Attempts   int
	AttemptLog []attemptRecord
}

// waitSettled polls the endpoint's log until its single delivery has left
// pending, failing the test after timeout.
func waitSettled(t *testing.T, s *apptest.Server, proj, ep string, timeout time.Duration) deliveryRecord {
	t.Helper()
	var out struct {
		WebhookLogs struct {
			Edges []struct{ Node deliveryRecord }
		}
	}
	if !poll.Within(timeout, func() bool {
		s.MustGraphQL(`query($p: ID!, $e: ID) { webhookLogs(projectID: $p, endpointID: $e, first: 10) { edges { node {
			status attempts attemptLog { statusCode error responseBody durationMs succeeded } } } } }`,
			map[string]any{"p": proj, "e": ep}, &out)
		edges := out.WebhookLogs.Edges
		return len(edges) == 1 && edges[0].Node.Status != "pending"
	}) {
		t.Fatalf("the delivery did not settle in %s: %+v", timeout, out.WebhookLogs.Edges)
	}
	return out.WebhookLogs.Edges[0].Node
}

// deliverVideoCreated creates a project named name with an endpoint at url for
// video.created and a video in it, and returns the one delivery once settled,
// which must have succeeded after the given number of attempts.
func deliverVideoCreated(t *testing.T, s *apptest.Server, url, name string, attempts int) deliveryRecord {
	t.Helper()
	proj := s.CreateProject(s.CreateOrganization("Acme"), name)
	ep, _ := createEndpoint(t, s, proj, url, "video.created")
	s.CreateVideo(proj, "", name)
	d := waitSettled(t, s, proj, ep, 30*time.Second)
	if d.Status != "succeeded" || d.Attempts != attempts || len(d.AttemptLog) != attempts {
		t.Fatalf("delivery = %+v, want succeeded after %d attempts", d, attempts)
	}
	return d
}

// TestReceiverAnswering429IsRetriedAfterItsRetryAfter: a 429 with Retry-After
// delays the next attempt by that much instead of the (20 ms) backoff, and a
// Retry-After beyond the longest retry delay is cut to it; every attempt is in
// the log and the delivery ends delivered.
func TestReceiverAnswering429IsRetriedAfterItsRetryAfter(t *testing.T) {
	env := withEnv(fastRetries, map[string]string{"VIDRA_WEBHOOK_RETRY_MAX_DELAY": "1500ms"})
	forEachDialect(t, env, func(t *testing.T, s *apptest.Server) {
		rcv := newScriptedReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
			switch n {
			case 1:
				w.Header().Set("Retry-After", "1")
			case 2:
				w.Header().Set("Retry-After", "86400") // a day: bounded by the 1.5 s maximum
			default:
				w.WriteHeader(http.StatusOK)
				return
			}
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte("slow down"))
		})
		d := deliverVideoCreated(t, s, rcv.URL, "Throttled", 3)
		for i, want := range []attemptRecord{
			{StatusCode: 429, ResponseBody: "slow down"},
			{StatusCode: 429, ResponseBody: "slow down"},
			{StatusCode: 200, Succeeded: true},
		} {
			got := d.AttemptLog[i]
			got.DurationMs = 0
			if got != want {
				t.Errorf("attempt %d = %+v, want %+v", i+1, got, want)
			}
		}
		gaps := rcv.gaps()
		if len(gaps) != 2 {
			t.Fatalf("receiver got %d requests, want 3", len(gaps)+1)
		}
		if gaps[0] < time.Second {
			t.Errorf("second attempt %s after the first, want at least the 1 s of Retry-After", gaps[0])
		}
		if gaps[1] < 1500*time.Millisecond || gaps[1] > 10*time.Second {
			t.Errorf("third attempt %s after the second, want the 1.5 s maximum delay (not a day, not the backoff)", gaps[1])
		}
	})
}

// TestReceiverHangingPastTheTimeoutIsRetried: a receiver that does not answer
// within VIDRA_WEBHOOK_TIMEOUT has its attempt recorded as timed out (no status,
// the error, about the timeout's duration) and gets the delivery again.
func TestReceiverHangingPastTheTimeoutIsRetried(t *testing.T) {
	env := withEnv(fastRetries, map[string]string{"VIDRA_WEBHOOK_TIMEOUT": "300ms"})
	forEachDialect(t, env, func(t *testing.T, s *apptest.Server) {
		rcv := newScriptedReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
			if n == 1 {
				select { // hang until the sender gives up (or long past the timeout)
				case <-r.Context().Done():
				case <-time.After(10 * time.Second):
				}
				return
			}
			w.WriteHeader(http.StatusNoContent)
		})
		d := deliverVideoCreated(t, s, rcv.URL, "Slow", 2)
		first, second := d.AttemptLog[0], d.AttemptLog[1]
		if first.StatusCode != 0 || first.Succeeded || !strings.HasPrefix(first.Error, "timed out: ") ||
			first.DurationMs < 300 || first.DurationMs > 5000 {
			t.Errorf("first attempt = %+v, want a timeout after about 300 ms", first)
		}
		if second.StatusCode != 204 || !second.Succeeded || second.Error != "" {
			t.Errorf("second attempt = %+v, want 204", second)
		}
		if gaps := rcv.gaps(); len(gaps) != 1 {
			t.Errorf("receiver got %d requests, want 2", len(gaps)+1)
		}
	})
}
