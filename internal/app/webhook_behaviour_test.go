package app_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// withEnv merges configuration maps, later ones winning.
func withEnv(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// waitLogs polls the endpoint's log until ok holds, failing the test after timeout.
func waitLogs(t *testing.T, s *apptest.Server, proj, ep string, timeout time.Duration, ok func([]logLine) bool) []logLine {
	t.Helper()
	var lines []logLine
	if !poll.Within(timeout, func() bool { lines = webhookLogs(t, s, proj, ep); return ok(lines) }) {
		t.Fatalf("webhook logs: condition not met after %s: %+v", timeout, lines)
	}
	return lines
}

// settled reports whether every line has left pending and there are n of them.
func settled(n int) func([]logLine) bool {
	return func(ls []logLine) bool {
		if len(ls) != n {
			return false
		}
		for _, l := range ls {
			if l.Status == "pending" {
				return false
			}
		}
		return true
	}
}

// noneOwed reports whether there is at least one line and none is pending.
func noneOwed(ls []logLine) bool {
	return len(ls) > 0 && settled(len(ls))(ls)
}

func verifies(secret string, d delivery) error {
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		return err
	}
	return wh.Verify(d.Body, d.Header)
}

func TestRotatedSecretSignsWithBothDuringTheOverlapOnly(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(int) int { return http.StatusOK })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Rotation")
		ep, oldSecret := createEndpoint(t, s, proj, rcv.URL(), "video.created")
		var out struct {
			RotateWebhookEndpointSecret struct {
				Secret   string
				Endpoint struct{ PreviousSecretExpiresAt time.Time }
			}
		}
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { rotateWebhookEndpointSecret(projectID: $p, id: $id, overlapSeconds: 1) {
			secret endpoint { previousSecretExpiresAt } } }`, map[string]any{"p": proj, "id": ep}, &out)
		newSecret := out.RotateWebhookEndpointSecret.Secret
		expires := out.RotateWebhookEndpointSecret.Endpoint.PreviousSecretExpiresAt
		if newSecret == "" || newSecret == oldSecret || expires.IsZero() {
			t.Fatalf("rotation = %+v", out)
		}

		// During the overlap: two signatures, either secret verifies.
		s.CreateVideo(proj, "", "during")
		got := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 1 })
		d := got[0]
		if sigs := strings.Fields(d.Header.Get("webhook-signature")); len(sigs) != 2 {
			t.Errorf("during the overlap: webhook-signature = %q, want two signatures", d.Header.Get("webhook-signature"))
		}
		if err := verifies(oldSecret, d); err != nil {
			t.Errorf("during the overlap the old secret does not verify: %v", err)
		}
		if err := verifies(newSecret, d); err != nil {
			t.Errorf("during the overlap the new secret does not verify: %v", err)
		}

		// After the overlap: only the new secret. The overlap ends on the wall
		// clock, so the test lets it pass.
		time.Sleep(time.Until(expires) + 200*time.Millisecond)
		s.CreateVideo(proj, "", "after")
		got = rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 2 })
		d = got[1]
		if sigs := strings.Fields(d.Header.Get("webhook-signature")); len(sigs) != 1 {
			t.Errorf("after the overlap: webhook-signature = %q, want one signature", d.Header.Get("webhook-signature"))
		}
		if err := verifies(newSecret, d); err != nil {
			t.Errorf("after the overlap the new secret does not verify: %v", err)
		}
		if err := verifies(oldSecret, d); err == nil {
			t.Error("after the overlap the old secret still verifies")
		}
	})
}

func TestEndpointFailingTooLongIsDisabledAndItsOwnersTold(t *testing.T) {
	for _, dialect := range testdb.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			m := mailtest.Start(t)
			env := withEnv(fastRetries, map[string]string{"VIDRA_SMTP_URL": m.URL, "VIDRA_WEBHOOK_DISABLE_AFTER": "300ms"})
			s := apptest.New(t, dialect, apptest.Options{Env: env})
			m.Wait(t, apptest.DefaultEmail) // the verification mail of sign-up

			failing := newReceiver(t, func(int) int { return http.StatusInternalServerError })
			watcher := newReceiver(t, func(int) int { return http.StatusOK })
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Disable")
			ep, _ := createEndpoint(t, s, proj, failing.URL(), "video.created")
			createEndpoint(t, s, proj, watcher.URL(), "webhook_endpoint.disabled")
			s.CreateVideo(proj, "", "one")
			for _, title := range []string{"two", "three", "four", "five", "six", "seven", "eight"} {
				s.CreateVideo(proj, "", title)
			}

			got := watcher.waitFor(t, 60*time.Second, ofType("webhook_endpoint.disabled"))
			if d := got[0]; d.Event.Data["endpoint_id"] != ep || d.Event.Data["url"] != failing.URL() || d.Event.Data["reason"] == "" {
				t.Errorf("webhook_endpoint.disabled data = %v", d.Event.Data)
			}

			var out struct {
				WebhookEndpoint struct {
					Enabled        bool
					DisabledReason string
				}
			}
			s.MustGraphQL(`query($p: ID!, $id: ID!) { webhookEndpoint(projectID: $p, id: $id) { enabled disabledReason } }`,
				map[string]any{"p": proj, "id": ep}, &out)
			if out.WebhookEndpoint.Enabled || out.WebhookEndpoint.DisabledReason == "" {
				t.Errorf("endpoint = %+v, want disabled with a reason", out.WebhookEndpoint)
			}
			// Nothing stays owed to it: the deliveries are cancelled (or failed) and
			// the receiver is left alone. Videos created after the endpoint was
			// disabled owe it nothing, so there are between one and eight.
			lines := waitLogs(t, s, proj, ep, 30*time.Second, noneOwed)
			if len(lines) > 8 {
				t.Errorf("%d deliveries for 8 videos", len(lines))
			}
			cancelled := 0
			for _, l := range lines {
				if l.Status == "cancelled" {
					cancelled++
				}
				if l.Status == "succeeded" {
					t.Errorf("delivery %s succeeded at a receiver that always fails", l.ID)
				}
			}
			if cancelled == 0 {
				t.Errorf("no delivery cancelled: %+v", lines)
			}
			n := len(failing.deliveries())
			// No request is what is awaited, so there is no condition to wait
			// on: a retry (20-200 ms apart here) would come within this window.
			time.Sleep(400 * time.Millisecond)
			if later := len(failing.deliveries()); later != n {
				t.Errorf("the disabled endpoint got %d more requests", later-n)
			}

			mail := m.Wait(t, apptest.DefaultEmail)
			if !strings.Contains(mail.Subject, "Webhook endpoint disabled") || !strings.Contains(mail.Subject, failing.URL()) ||
				!strings.Contains(mail.Text, failing.URL()) || !strings.Contains(mail.Text, "was disabled") {
				t.Errorf("mail = %+v", mail)
			}
			// Disabled once: one event, one mail, however many deliveries failed at once.
			if n := m.Count(); n != 0 {
				t.Errorf("%d more mails after the first", n)
			}
			disabledEvents := 0
			for _, d := range watcher.deliveries() {
				if d.Event.Type == "webhook_endpoint.disabled" {
					disabledEvents++
				}
			}
			if disabledEvents != 1 {
				t.Errorf("%d webhook_endpoint.disabled events, want 1", disabledEvents)
			}
			// A disabled endpoint is owed nothing new.
			// Delivery rows are written in the mutation's transaction
			// (webhooks.Recorder), so once it has answered there is nothing to wait for.
			s.CreateVideo(proj, "", "after disabling")
			if later := webhookLogs(t, s, proj, ep); len(later) != len(lines) {
				t.Errorf("the disabled endpoint has %d log lines, want the %d it had", len(later), len(lines))
			}
		})
	}
}

func TestResendOneEventDeliversItAgain(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(int) int { return http.StatusOK })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Resend")
		ep, secret := createEndpoint(t, s, proj, rcv.URL(), "video.created")
		s.CreateVideo(proj, "", "again")
		first := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 1 })[0]
		lines := waitLogs(t, s, proj, ep, 30*time.Second, settled(1))

		var out struct {
			ResendWebhookEvent []struct{ ID, Status string }
		}
		s.MustGraphQL(`mutation($p: ID!, $e: ID!, $ep: ID) { resendWebhookEvent(projectID: $p, eventId: $e, endpointID: $ep) { id status } }`,
			map[string]any{"p": proj, "e": lines[0].EventID, "ep": ep}, &out)
		if len(out.ResendWebhookEvent) != 1 || out.ResendWebhookEvent[0].ID == lines[0].ID {
			t.Fatalf("resend = %+v", out)
		}
		again := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 2 })[1]
		if again.Header.Get("webhook-id") != first.Header.Get("webhook-id") || again.Event.ID != first.Event.ID {
			t.Errorf("resent webhook-id %q event %s, first %q event %s",
				again.Header.Get("webhook-id"), again.Event.ID, first.Header.Get("webhook-id"), first.Event.ID)
		}
		if err := verifies(secret, again); err != nil {
			t.Errorf("resent delivery does not verify: %v", err)
		}
		lines = waitLogs(t, s, proj, ep, 30*time.Second, settled(2))
		for _, l := range lines {
			if l.EventID != first.Event.ID || l.Status != "succeeded" || len(l.AttemptLog) != 1 {
				t.Errorf("log line %+v", l)
			}
		}
		// Unknown events are NOT_FOUND.
		if code := s.ErrorCode(`mutation($p: ID!, $e: ID!) { resendWebhookEvent(projectID: $p, eventId: $e) { id } }`,
			map[string]any{"p": proj, "e": uuid.NewString()}); code != "NOT_FOUND" {
			t.Errorf("resend of an unknown event: %s", code)
		}
	})
}

func TestResendFailedSendsOnlyFailedEventsOfTheEndpointInTheRange(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		// Requests 1 and 2 are refused for good (400, not retried); later ones succeed.
		rcv := newReceiver(t, func(n int) int {
			if n <= 2 {
				return http.StatusBadRequest
			}
			return http.StatusOK
		})
		other := newReceiver(t, func(int) int { return http.StatusBadRequest })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "ResendAll")
		ep, _ := createEndpoint(t, s, proj, rcv.URL(), "video.created")
		otherEp, _ := createEndpoint(t, s, proj, other.URL(), "video.created")

		s.CreateVideo(proj, "", "before the range") // fails at rcv, outside the range
		waitLogs(t, s, proj, ep, 30*time.Second, settled(1))
		// A wall-clock gap on each side of since, so the range starts strictly
		// after the first event and before the second.
		time.Sleep(50 * time.Millisecond)
		since := time.Now()
		time.Sleep(50 * time.Millisecond)
		inRange := s.CreateVideo(proj, "", "in the range") // fails at rcv
		waitLogs(t, s, proj, ep, 30*time.Second, settled(2))
		s.CreateVideo(proj, "", "succeeded") // succeeds at rcv
		lines := waitLogs(t, s, proj, ep, 30*time.Second, settled(3))
		waitLogs(t, s, proj, otherEp, 30*time.Second, settled(3))
		statuses := map[string]int{}
		for _, l := range lines {
			statuses[l.Status]++
		}
		if statuses["failed"] != 2 || statuses["succeeded"] != 1 {
			t.Fatalf("logs before resend = %+v", lines)
		}

		var out struct{ ResendFailedWebhookEvents int }
		s.MustGraphQL(`mutation($p: ID!, $ep: ID!, $since: Time) { resendFailedWebhookEvents(projectID: $p, endpointID: $ep, since: $since) }`,
			map[string]any{"p": proj, "ep": ep, "since": since.UTC().Format(time.RFC3339Nano)}, &out)
		if out.ResendFailedWebhookEvents != 1 {
			t.Errorf("resendFailedWebhookEvents = %d, want 1", out.ResendFailedWebhookEvents)
		}
		got := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 4 })
		if got[3].Event.Data["id"] != inRange || got[3].Event.Data["title"] != "in the range" {
			t.Errorf("resent %v, want the video %s", got[3].Event.Data, inRange)
		}
		waitLogs(t, s, proj, ep, 30*time.Second, settled(4))
		// A second resend of the same event is what must not come: no
		// condition announces its absence, so leave it the time a retry takes.
		time.Sleep(300 * time.Millisecond)
		if n := len(rcv.deliveries()); n != 4 {
			t.Errorf("receiver got %d requests, want 4 (only the failed event in the range again)", n)
		}
		// The other endpoint's failures were not resent.
		if n := len(other.deliveries()); n != 3 {
			t.Errorf("the other endpoint got %d requests, want 3", n)
		}
		if lines := webhookLogs(t, s, proj, otherEp); len(lines) != 3 {
			t.Errorf("the other endpoint's log has %d lines, want 3", len(lines))
		}
		// Nothing left to resend: a second call resends nothing.
		s.MustGraphQL(`mutation($p: ID!, $ep: ID!, $since: Time) { resendFailedWebhookEvents(projectID: $p, endpointID: $ep, since: $since) }`,
			map[string]any{"p": proj, "ep": ep, "since": since.UTC().Format(time.RFC3339Nano)}, &out)
		if out.ResendFailedWebhookEvents != 0 {
			t.Errorf("second resendFailedWebhookEvents = %d, want 0", out.ResendFailedWebhookEvents)
		}
	})
}

func TestPrivateDestinationsAreRefusedWithoutConfiguration(t *testing.T) {
	env := map[string]string{"VIDRA_ALLOW_PRIVATE_NETWORKS": "false"}
	forEachDialect(t, env, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Private")
		// Plain http is refused at creation, with a field error.
		res := s.GraphQL(`mutation($p: ID!, $u: String!) { createWebhookEndpoint(projectID: $p, input: {url: $u}) { secret } }`,
			map[string]any{"p": proj, "u": "http://127.0.0.1:9/hook"})
		if len(res.Errors) == 0 || res.Errors[0].Code() != "INVALID_INPUT" || !strings.Contains(res.Errors[0].Message, "https") {
			t.Fatalf("http endpoint: %+v", res.Errors)
		}
		// https to loopback is saved (a name may resolve anywhere later), but the
		// delivery is refused at dial time: failed at once, with a clear error.
		var hits atomic.Int32
		tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) }))
		t.Cleanup(tls.Close)
		ep, _ := createEndpoint(t, s, proj, tls.URL+"/hook", "video.created")
		s.CreateVideo(proj, "", "private")
		var out struct {
			WebhookLogs struct {
				Edges []struct {
					Node struct {
						Status     string
						AttemptLog []struct {
							StatusCode int
							Error      string
						}
					}
				}
			}
		}
		poll.Within(30*time.Second, func() bool {
			s.MustGraphQL(`query($p: ID!, $e: ID) { webhookLogs(projectID: $p, endpointID: $e, first: 10) { edges { node { status attemptLog { statusCode error } } } } }`,
				map[string]any{"p": proj, "e": ep}, &out)
			e := out.WebhookLogs.Edges
			return len(e) == 1 && e[0].Node.Status != "pending"
		})
		e := out.WebhookLogs.Edges
		if len(e) != 1 || e[0].Node.Status != "failed" || len(e[0].Node.AttemptLog) != 1 {
			t.Fatalf("logs = %+v", out)
		}
		if a := e[0].Node.AttemptLog[0]; a.StatusCode != 0 || !strings.Contains(a.Error, "refused") || !strings.Contains(a.Error, "non-public address") {
			t.Errorf("attempt = %+v, want a clear refusal", a)
		}
		if hits.Load() != 0 {
			t.Errorf("the loopback receiver got %d requests", hits.Load())
		}
	})
}

func TestRedirectsAreNotFollowed(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		target := newReceiver(t, func(int) int { return http.StatusOK })
		var hits atomic.Int32
		redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			http.Redirect(w, r, target.URL(), http.StatusFound)
		}))
		t.Cleanup(redirector.Close)
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Redirect")
		ep, _ := createEndpoint(t, s, proj, redirector.URL+"/hook", "video.created")
		s.CreateVideo(proj, "", "redirected")
		lines := waitLogs(t, s, proj, ep, 30*time.Second, settled(1))
		if l := lines[0]; l.Status != "failed" || len(l.AttemptLog) != 1 || l.AttemptLog[0].StatusCode != http.StatusFound || l.AttemptLog[0].Succeeded {
			t.Errorf("log = %+v, want one failed attempt answered 302", l)
		}
		if hits.Load() != 1 {
			t.Errorf("redirector got %d requests, want 1", hits.Load())
		}
		// A followed redirect would reach the target within the attempt, before
		// the attempt is logged: nothing is left to wait for.
		if n := len(target.deliveries()); n != 0 {
			t.Errorf("the redirect target got %d requests", n)
		}
	})
}

func TestSweeperQueuesAPendingDeliveryWithoutAJob(t *testing.T) {
	forEachDialect(t, map[string]string{"VIDRA_SWEEP_INTERVAL": "200ms"}, func(t *testing.T, s *apptest.Server) {
		rcv := newReceiver(t, func(int) int { return http.StatusOK })
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Sweep")
		ep, secret := createEndpoint(t, s, proj, rcv.URL(), "video.created")
		// A crash between the commit and the job's insert leaves a pending
		// delivery with no job: write one as that crash would.
		ctx := apptest.System()
		c := s.App.DB.Client
		projID, epID := uuid.MustParse(proj), uuid.MustParse(ep)
		ev, err := c.Event.Create().SetType("video.created").SetProjectID(projID).
			SetData(map[string]any{"id": "lost", "title": "lost in a crash"}).Save(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.WebhookDelivery.Create().SetEventID(ev.ID).SetEndpointID(epID).
			SetProjectID(projID).SetEventType(ev.Type).Save(ctx); err != nil {
			t.Fatal(err)
		}
		got := rcv.waitFor(t, 30*time.Second, func(ds []delivery) bool { return len(ds) >= 1 })
		if d := got[0]; d.Event.ID != ev.ID.String() || d.Event.Data["title"] != "lost in a crash" {
			t.Errorf("delivered %+v", d.Event)
		}
		if err := verifies(secret, got[0]); err != nil {
			t.Error(err)
		}
		waitLogs(t, s, proj, ep, 30*time.Second, func(ls []logLine) bool { return len(ls) == 1 && ls[0].Status == "succeeded" })
		// Time is what is under test: several 200 ms sweeps pass, and none sends
		// the delivered one again.
		time.Sleep(500 * time.Millisecond)
		if n := len(rcv.deliveries()); n != 1 {
			t.Errorf("receiver got %d requests, want 1", n)
		}
	})
}
