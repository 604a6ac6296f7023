package app_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// fastRetries make a delivery's retries come within milliseconds in tests.
var fastRetries = map[string]string{
	"VIDRA_WEBHOOK_RETRY_BASE":      "20ms",
	"VIDRA_WEBHOOK_RETRY_MAX_DELAY": "200ms",
}

// delivery is one request a receiver got.
type delivery struct {
	Header http.Header
	Body   []byte
	Event  struct {
		ID, Type, ProjectID string
		Data                map[string]any
	}
}

// receiver is a webhook receiver on loopback: it answers with the status that
// respond gives for the n-th request (1-based) and keeps every request.
type receiver struct {
	mu  sync.Mutex
	got []delivery
	// arrived is signalled after each request is kept, for waitFor.
	arrived chan struct{}
	respond func(n int) int
	ln      net.Listener
	srv     *http.Server
	addr    string
}

func newReceiver(t *testing.T, respond func(n int) int) *receiver {
	t.Helper()
	r := &receiver{respond: respond, arrived: make(chan struct{}, 1)}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	r.serve(ln)
	t.Cleanup(r.stop)
	return r
}

func (r *receiver) serve(ln net.Listener) {
	r.ln = ln
	r.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		d := delivery{Header: req.Header.Clone(), Body: body}
		_ = json.Unmarshal(body, &struct {
			ID        *string         `json:"id"`
			Type      *string         `json:"type"`
			ProjectID *string         `json:"project_id"`
			Data      *map[string]any `json:"data"`
		}{&d.Event.ID, &d.Event.Type, &d.Event.ProjectID, &d.Event.Data})
		r.mu.Lock()
		r.got = append(r.got, d)
		n := len(r.got)
		r.mu.Unlock()
		select {
		case r.arrived <- struct{}{}:
		default: // a signal is pending already: waitFor looks at all requests
		}
		w.WriteHeader(r.respond(n))
		_, _ = w.Write([]byte("receiver says hello"))
	})}
	go func() { _ = r.srv.Serve(ln) }()
}

func (r *receiver) stop() { _ = r.srv.Close() }

// URL is where the receiver listens.
func (r *receiver) URL() string { return "http://" + r.addr + "/hook" }

// deliveries returns the requests so far.
func (r *receiver) deliveries() []delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivery(nil), r.got...)
}

// waitFor waits until the requests so far satisfy ok, looking again at each
// request's arrival, failing the test after timeout.
func (r *receiver) waitFor(t *testing.T, timeout time.Duration, ok func([]delivery) bool) []delivery {
	t.Helper()
	expired := time.After(timeout)
	for {
		got := r.deliveries()
		if ok(got) {
			return got
		}
		select {
		case <-r.arrived:
		case <-expired:
			t.Fatalf("receiver: condition not met after %s; got %d requests", timeout, len(got))
		}
	}
}

func ofType(typ string) func([]delivery) bool {
	return func(ds []delivery) bool {
		for _, d := range ds {
			if d.Event.Type == typ {
				return true
			}
		}
		return false
	}
}

// createEndpoint creates an endpoint of the project and returns its id and secret.
func createEndpoint(t *testing.T, s *apptest.Server, proj, url string, types ...string) (string, string) {
	t.Helper()
	var out struct {
		CreateWebhookEndpoint struct {
			Endpoint struct{ ID string }
			Secret   string
		}
	}
	if types == nil {
		types = []string{}
	}
	s.MustGraphQL(`mutation($p: ID!, $u: String!, $t: [String!]) {
		createWebhookEndpoint(projectID: $p, input: {url: $u, eventTypes: $t}) { endpoint { id } secret } }`,
		map[string]any{"p": proj, "u": url, "t": types}, &out)
	return out.CreateWebhookEndpoint.Endpoint.ID, out.CreateWebhookEndpoint.Secret
}

func TestUploadThatBecomesReadyDeliversSignedVideoReady(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 2, 320, 240, 25))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(int) int { return http.StatusOK })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Hooks")
		_, secret := createEndpoint(t, s, proj, rcv.URL())
		token, videoID := s.UploadToken(proj, 0)
		s.TusUpload(token, data)
		if v := s.WaitVideo(videoID, time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		got := rcv.waitFor(t, 30*time.Second, ofType("video.ready"))
		wh, err := standardwebhooks.NewWebhook(secret)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, d := range got {
			if err := wh.Verify(d.Body, d.Header); err != nil {
				t.Errorf("%s: signature does not verify: %v", d.Event.Type, err)
			}
			if d.Event.ProjectID != proj {
				t.Errorf("%s: project_id %s", d.Event.Type, d.Event.ProjectID)
			}
			seen[d.Event.Type] = true
			if d.Event.Type == "video.ready" && (d.Event.Data["id"] != videoID || d.Event.Data["status"] != "ready") {
				t.Errorf("video.ready data = %v", d.Event.Data)
			}
			if d.Event.Type == "video.created" && d.Event.Data["id"] != videoID {
				t.Errorf("video.created data = %v", d.Event.Data)
			}
		}
		for _, typ := range []string{"video.created", "video.upload.completed", "video.processing", "video.ready"} {
			if !seen[typ] {
				t.Errorf("no %s delivered (got %v)", typ, seen)
			}
		}
	})
}

// logLine is a delivery in webhookLogs.
type logLine struct {
	ID, EventID, EventType, Status string
	Attempts                       int
	AttemptLog                     []struct {
		StatusCode   int
		ResponseBody string
		Succeeded    bool
	}
}

func webhookLogs(t *testing.T, s *apptest.Server, proj, endpoint string) []logLine {
	t.Helper()
	var out struct {
		WebhookLogs struct{ Edges []struct{ Node logLine } }
	}
	s.MustGraphQL(`query($p: ID!, $e: ID) { webhookLogs(projectID: $p, endpointID: $e, first: 100) { edges { node {
		id eventID eventType status attempts attemptLog { statusCode responseBody succeeded } } } } }`,
		map[string]any{"p": proj, "e": endpoint}, &out)
	lines := make([]logLine, len(out.WebhookLogs.Edges))
	for i, e := range out.WebhookLogs.Edges {
		lines[i] = e.Node
	}
	return lines
}

func TestReceiverFailingTwiceGetsTheEventThreeTimes(t *testing.T) {
	forEachDialect(t, fastRetries, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(n int) int {
			if n <= 2 {
				return http.StatusServiceUnavailable
			}
			return http.StatusNoContent
		})
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Retries")
		ep, _ := createEndpoint(t, s, proj, rcv.URL(), "video.created")
		videoID := s.CreateVideo(proj, "", "retried")
		got := rcv.waitFor(t, 60*time.Second, func(ds []delivery) bool { return len(ds) >= 3 })
		for _, d := range got {
			if d.Event.Type != "video.created" || d.Event.Data["id"] != videoID || d.Header.Get("webhook-id") != got[0].Header.Get("webhook-id") {
				t.Errorf("delivery %s %v id %s", d.Event.Type, d.Event.Data["id"], d.Header.Get("webhook-id"))
			}
		}
		var lines []logLine
		poll.Within(10*time.Second, func() bool {
			lines = webhookLogs(t, s, proj, ep)
			return len(lines) == 1 && lines[0].Status == "succeeded"
		})
		if len(lines) != 1 || lines[0].Status != "succeeded" || lines[0].Attempts != 3 || len(lines[0].AttemptLog) != 3 {
			t.Fatalf("logs = %+v", lines)
		}
		codes := []int{}
		for _, a := range lines[0].AttemptLog {
			codes = append(codes, a.StatusCode)
		}
		if codes[0] != 503 || codes[1] != 503 || codes[2] != 204 || !lines[0].AttemptLog[2].Succeeded ||
			lines[0].AttemptLog[0].ResponseBody != "receiver says hello" {
			t.Errorf("attempts = %+v", lines[0].AttemptLog)
		}
		// A fourth request after the success is what must not come; its
		// absence has no signal, so leave it a few retry delays (20-200 ms).
		time.Sleep(300 * time.Millisecond)
		if n := len(rcv.deliveries()); n != 3 {
			t.Errorf("receiver got %d requests after success, want 3", n)
		}
	})
}

func TestRolledBackMutationSendsNothing(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(int) int { return http.StatusOK })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Rollback")
		ep, _ := createEndpoint(t, s, proj, rcv.URL())
		// Two mutations share one transaction: the second fails, so the first,
		// and the event it recorded, are rolled back.
		res := s.GraphQL(`mutation($p: ID!) {
			ok: createVideo(input: {projectID: $p, title: "rolled back"}) { id }
			bad: createVideo(input: {projectID: $p, title: ""}) { id } }`, map[string]any{"p": proj})
		if len(res.Errors) == 0 {
			t.Fatal("the failing mutation succeeded")
		}
		kept := s.CreateVideo(proj, "", "kept")
		// Delivery rows are written in the mutation's transaction and a job
		// is queued only after it commits (webhooks.Recorder): one row means
		// nothing is owed for the rolled-back video, now or later.
		if lines := webhookLogs(t, s, proj, ep); len(lines) != 1 {
			t.Errorf("logs = %+v", lines)
		}
		got := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 1 })
		if len(got) != 1 || got[0].Event.Data["id"] != kept || got[0].Event.Data["title"] != "kept" {
			t.Fatalf("receiver got %d deliveries: %+v", len(got), got)
		}
	})
}

func TestReceiverDownAcrossARestartStillGetsTheEvent(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db := testdb.Open(t, d)
			env := map[string]string{"VIDRA_WEBHOOK_RETRY_BASE": "100ms", "VIDRA_WEBHOOK_RETRY_MAX_DELAY": "300ms"}
			s := apptest.New(t, d, apptest.Options{DB: db, Env: env})
			// Reserve an address, then close it: the receiver is down.
			rcv := newReceiver(t, func(int) int { return http.StatusOK })
			rcv.stop()
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Restart")
			ep, _ := createEndpoint(t, s, proj, rcv.URL())
			videoID := s.CreateVideo(proj, "", "survives")
			// Wait until a failed attempt is logged, then stop the server.
			var lines []logLine
			if !poll.Within(30*time.Second, func() bool {
				lines = webhookLogs(t, s, proj, ep)
				return len(lines) == 1 && len(lines[0].AttemptLog) > 0
			}) {
				t.Fatal("no failed attempt logged")
			}
			if lines[0].AttemptLog[0].StatusCode != 0 || lines[0].Status != "pending" {
				t.Fatalf("first attempt = %+v", lines[0])
			}
			if err := s.App.StopJobs(); err != nil {
				t.Fatal(err)
			}
			// The receiver comes back on the same address; a new server on the same
			// database delivers what the first one owed.
			ln, err := net.Listen("tcp", rcv.addr)
			if err != nil {
				t.Fatal(err)
			}
			rcv.serve(ln)
			apptest.New(t, d, apptest.Options{DB: db, Env: env, Anonymous: true})
			got := rcv.waitFor(t, 60*time.Second, func(ds []delivery) bool { return len(ds) >= 1 })
			if got[0].Event.Type != "video.created" || got[0].Event.Data["id"] != videoID {
				t.Errorf("delivered %s %v", got[0].Event.Type, got[0].Event.Data)
			}
		})
	}
}
