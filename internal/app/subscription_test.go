package app_test

import (
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/poll"
)

const (
	videoSubscription = `subscription($id: ID!) { videoUpdated(id: $id) { id title status } }`
	jobSubscription   = `subscription($id: ID!) { transcodingJobUpdated(id: $id) { id status progress } }`
	deliverySub       = `subscription($p: ID!, $after: String) { webhookDeliveryUpdated(projectID: $p, after: $after) { id eventType status } }`
	viewersSub        = `subscription($p: ID!) { concurrentViewersUpdated(projectID: $p, intervalSeconds: 2) { count windowSeconds } }`
	renameVideo       = `mutation($id: ID!, $t: String!) { updateVideo(id: $id, input: {title: $t}) { id } }`
)

type subscribedVideo struct {
	VideoUpdated struct{ ID, Title, Status string }
}

// bearer is a connection_init payload with s's access token.
func bearer(s *apptest.Server) map[string]any {
	return map[string]any{"Authorization": "Bearer " + s.Token}
}

// TestSubscriptions follows a video, a transcoding job, a project's webhook
// deliveries and its concurrent viewers over graphql-transport-ws, on each
// database: each change committed reaches the subscriber, a change rolled back
// sends nothing, and a deleted video completes its stream.
func TestSubscriptions(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "first")

		c, code, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatalf("connect: %v (close %d)", err, code)
		}
		c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		var v subscribedVideo
		if err := c.Next("v", 10*time.Second).Data(&v); err != nil || v.VideoUpdated.Title != "first" {
			t.Fatalf("first value: %+v %v", v, err)
		}

		// The notice of the video's creation may come after the subscription
		// was made (PostgreSQL delivers notifications asynchronously): it only
		// sends the video again.
		c.Drain("v", 500*time.Millisecond)
		// A refused change (an empty title) sends nothing; the next value is
		// the committed change after it.
		if code := s.ErrorCode(renameVideo, map[string]any{"id": videoID, "t": ""}); code == "" {
			t.Fatal("empty title accepted")
		}
		if err := c.Quiet("v", 300*time.Millisecond); err != nil {
			t.Fatalf("after a rolled-back change: %v", err)
		}
		s.MustGraphQL(renameVideo, map[string]any{"id": videoID, "t": "second"}, nil)
		renamed := c.Next("v", 10*time.Second)
		if err := renamed.Data(&v); err != nil || v.VideoUpdated.Title != "second" {
			t.Fatalf("after rename: %+v %v", v, err)
		}

		// Webhook deliveries of the project, as they are created.
		var ep struct {
			CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
		}
		s.MustGraphQL(`mutation($p: ID!) { createWebhookEndpoint(projectID: $p, input: {url: "http://127.0.0.1:9/hook", eventTypes: ["video.created"]}) { endpoint { id } } }`,
			map[string]any{"p": project}, &ep)
		// The server makes a subscription after it has read the subscribe
		// message, and says nothing when it has: subscribed after the rename's
		// position in the change log, it gets every delivery made since, so
		// the video can be created at once.
		c.Subscribe("d", deliverySub, map[string]any{"p": project, "after": renamed.Cursor()})
		s.CreateVideo(project, "", "third")
		var d struct {
			WebhookDeliveryUpdated struct{ ID, EventType, Status string }
		}
		if err := c.Next("d", 10*time.Second).Data(&d); err != nil || d.WebhookDeliveryUpdated.EventType != "video.created" {
			t.Fatalf("delivery: %+v %v", d, err)
		}

		// A transcoding job, cancelled.
		var job struct{ CreateTranscodingJob struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createTranscodingJob(input: {projectID: $p, url: "http://127.0.0.1:9/in.mp4", output: {height: 360, videoBitrateKbps: 800}}) { id } }`,
			map[string]any{"p": project}, &job)
		c.Subscribe("j", jobSubscription, map[string]any{"id": job.CreateTranscodingJob.ID})
		var j struct{ TranscodingJobUpdated struct{ ID, Status string } }
		if err := c.Next("j", 10*time.Second).Data(&j); err != nil || j.TranscodingJobUpdated.ID != job.CreateTranscodingJob.ID {
			t.Fatalf("job first value: %+v %v", j, err)
		}
		first := j.TranscodingJobUpdated.Status
		s.MustGraphQL(`mutation($id: ID!) { updateTranscodingJob(id: $id, input: {cancel: true}) { id } }`,
			map[string]any{"id": job.CreateTranscodingJob.ID}, nil)
		for j.TranscodingJobUpdated.Status == first {
			if err := c.Next("j", 10*time.Second).Data(&j); err != nil {
				t.Fatal(err)
			}
		}
		if j.TranscodingJobUpdated.Status != "canceled" {
			t.Fatalf("job after cancel: %+v", j)
		}

		// Concurrent viewers: the count now, then when it changes.
		c.Subscribe("c", viewersSub, map[string]any{"p": project})
		var cv struct {
			ConcurrentViewersUpdated struct{ Count, WindowSeconds int }
		}
		if err := c.Next("c", 10*time.Second).Data(&cv); err != nil || cv.ConcurrentViewersUpdated.Count != 0 {
			t.Fatalf("viewers first value: %+v %v", cv, err)
		}
		s.SeedView(apptest.AnalyticsView{Project: uuid.MustParse(project), Video: uuid.MustParse(videoID), Started: time.Now()})
		if err := c.Next("c", 10*time.Second).Data(&cv); err != nil || cv.ConcurrentViewersUpdated.Count != 1 {
			t.Fatalf("viewers after a view: %+v %v", cv, err)
		}

		// Deleting the video completes its stream.
		s.MustGraphQL(`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": videoID}, nil)
		if m := c.Next("v", 10*time.Second); m.Type != "complete" {
			t.Fatalf("after delete: %s %s, want complete", m.Type, m.Payload)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}

// TestSubscriptionRefusals: a connection is refused (closed with 4403) for a
// bad or missing credential and for a bearer token from an origin that is not
// trusted; a subscription to another organization's video or without the
// grant is refused with the query's own error; and the per-caller connection
// and per-connection subscription limits hold.
func TestSubscriptionRefusals(t *testing.T) {
	env := map[string]string{"VIDRA_APP_ORIGINS": "https://app.example.test", "VIDRA_WS_MAX_CONNECTIONS_PER_CALLER": "3",
		"VIDRA_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION": "2", "VIDRA_WORKERS": "false"}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "mine")

		refused := func(name string, payload map[string]any, origin string) {
			t.Helper()
			c, code, err := s.DialWS(payload, apptest.WSOptions{Origin: origin})
			if c != nil || code != 4403 {
				t.Fatalf("%s: close %d (%v), want 4403", name, code, err)
			}
		}
		refused("bad token", map[string]any{"Authorization": "Bearer not-a-token"}, "")
		refused("no credential", nil, "")
		refused("bearer from another origin", bearer(s), "https://evil.example")
		refused("unknown API key", map[string]any{"apiKey": "vidra_nope"}, "")
		key := s.CreateAPIKey(`"{\"projects.read\": true}"`) // bound to https://app.example.test
		refused("API key from another origin", map[string]any{"apiKey": key}, "https://evil.example")
		if _, code, err := s.DialWS(bearer(s), apptest.WSOptions{Origin: "https://app.example.test"}); err != nil {
			t.Fatalf("bearer from an app origin: %v (close %d)", err, code)
		}
		if _, code, err := s.DialWS(bearer(s), apptest.WSOptions{Origin: s.URL}); err != nil {
			t.Fatalf("bearer from the server's origin: %v (close %d)", err, code)
		}

		// Another organization's user: the video does not exist for them,
		// exactly as the query says.
		other := s.Anonymous()
		other.Token = other.SignUp("other@example.test", apptest.DefaultPassword, "Other").AccessToken
		otherOrg := other.CreateOrganization("Other org")
		other.SwitchOrganization(otherOrg)
		oc, _, err := other.DialWS(bearer(other))
		if err != nil {
			t.Fatal(err)
		}
		queryRes := other.GraphQL(`query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": videoID})
		oc.Subscribe("x", videoSubscription, map[string]any{"id": videoID})
		sameError(t, "other organization", oc.Next("x", 10*time.Second), queryRes)

		// An API key without the analytics grant: refused as concurrentViewers is.
		kc, code, err := s.Anonymous().DialWS(map[string]any{"apiKey": key}, apptest.WSOptions{Origin: "https://app.example.test"})
		if err != nil {
			t.Fatalf("API key from its origin: %v (close %d)", err, code)
		}
		queryRes = s.Anonymous().GraphQL(`query($p: ID!) { concurrentViewers(projectID: $p) { count } }`, map[string]any{"p": project},
			http.Header{"X-Api-Key": {key}, "Origin": {"https://app.example.test"}})
		kc.Subscribe("n", viewersSub, map[string]any{"p": project})
		sameError(t, "no analytics grant", kc.Next("n", 10*time.Second), queryRes)
		// Nor the folders grant that covers videos: refused as video(id) is.
		queryRes = s.Anonymous().GraphQL(`query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": videoID},
			http.Header{"X-Api-Key": {key}, "Origin": {"https://app.example.test"}})
		kc.Subscribe("w", videoSubscription, map[string]any{"id": videoID})
		sameError(t, "no folders grant", kc.Next("w", 10*time.Second), queryRes)

		// At most 2 subscriptions on a connection.
		c, _, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"1", "2"} {
			c.Subscribe(id, videoSubscription, map[string]any{"id": videoID})
			if m := c.Next(id, 10*time.Second); m.Type != "next" {
				t.Fatalf("subscription %s: %s %s", id, m.Type, m.Payload)
			}
		}
		c.Subscribe("3", videoSubscription, map[string]any{"id": videoID})
		if errs := c.Next("3", 10*time.Second).Errors(); len(errs) != 1 || errs[0].Code() != "RATE_LIMITED" {
			t.Fatalf("third subscription: %+v, want RATE_LIMITED", errs)
		}
		// At most 3 connections of one caller: the two from trusted origins
		// and c are open.
		if _, code, _ := s.DialWS(bearer(s)); code != 4429 {
			t.Fatalf("fourth connection: close %d, want 4429", code)
		}
		// The server counts c out when it has seen the close, which the client
		// is not told of: dial until a connection is let in again.
		c.Close()
		var closed websocket.StatusCode
		if !poll.Within(10*time.Second, func() bool { _, closed, err = s.DialWS(bearer(s)); return err == nil }) {
			t.Fatalf("a connection after one closed: %v (close %d)", err, closed)
		}
	}, apptest.Options{Env: env})
}

// sameError checks that a subscription was refused with the query's error.
func sameError(t *testing.T, name string, m apptest.WSMessage, query apptest.GraphQLResponse) {
	t.Helper()
	errs := m.Errors()
	if len(query.Errors) == 0 || len(errs) == 0 {
		t.Fatalf("%s: subscription %s %s, query errors %+v: want both refused", name, m.Type, m.Payload, query.Errors)
	}
	if errs[0].Code() != query.Errors[0].Code() || errs[0].Message != query.Errors[0].Message {
		t.Fatalf("%s: subscription refused with %s %q, query with %s %q", name, errs[0].Code(), errs[0].Message,
			query.Errors[0].Code(), query.Errors[0].Message)
	}
}

// TestSubscriptionEndsWithItsCredential: an open connection ends once its
// credential no longer holds: the session signed out, the API key deleted.
func TestSubscriptionEndsWithItsCredential(t *testing.T) {
	env := map[string]string{"VIDRA_WS_CREDENTIAL_RECHECK": "200ms", "VIDRA_WORKERS": "false"}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "v")
		ended := func(name string, c *apptest.WSConn) {
			t.Helper()
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				if _, err := c.Read(time.Until(deadline)); err != nil {
					return
				}
			}
			t.Fatalf("%s: the connection is still open", name)
		}

		key := s.CreateAPIKey(`"{\"projects.read\": true, \"folders.read\": true}"`)
		var keys struct {
			APIKeys struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
		s.MustGraphQL(`{ apiKeys(first: 1) { edges { node { id } } } }`, nil, &keys)
		kc, _, err := s.DialWS(map[string]any{"apiKey": key})
		if err != nil {
			t.Fatal(err)
		}
		kc.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		if m := kc.Next("v", 10*time.Second); m.Type != "next" {
			t.Fatalf("API key subscription: %s %s", m.Type, m.Payload)
		}
		// Checked three times meanwhile, the key holds: the connection is open.
		kc.Drain("v", 600*time.Millisecond)
		s.MustGraphQL(renameVideo, map[string]any{"id": videoID, "t": "renamed"}, nil)
		if m := kc.Next("v", 10*time.Second); m.Type != "next" {
			t.Fatalf("while the key holds: %s %s", m.Type, m.Payload)
		}
		s.MustGraphQL(`mutation($id: ID!) { deleteApiKey(id: $id) }`, map[string]any{"id": keys.APIKeys.Edges[0].Node.ID}, nil)
		ended("API key deleted", kc)

		c, _, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatal(err)
		}
		c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		if m := c.Next("v", 10*time.Second); m.Type != "next" {
			t.Fatalf("bearer subscription: %s %s", m.Type, m.Payload)
		}
		s.MustGraphQL(`mutation { logout }`, nil, nil)
		ended("signed out", c)
	}, apptest.Options{Env: env})
}

// TestSubscriptionOutlivesReadTimeout: behind the server's own listener, whose
// read timeout ends slow requests, a subscription connection stays open past
// it (its deadlines are cleared at the upgrade).
func TestSubscriptionOutlivesReadTimeout(t *testing.T) {
	s := apptest.New(t, "sqlite3", apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
	org := s.CreateOrganization("Org")
	s.SwitchOrganization(org)
	videoID := s.CreateVideo(s.CreateProject(org, "P"), "", "first")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := app.NewServer("", s.App.Handler, config.HTTP{ReadHeaderTimeout: time.Second, ReadTimeout: time.Second})
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	behind := *s
	behind.URL = "http://" + ln.Addr().String()

	c, _, err := behind.DialWS(bearer(s))
	if err != nil {
		t.Fatal(err)
	}
	// Time is what is under test: the connection stays idle past the 1 s
	// read timeout before it subscribes.
	time.Sleep(1500 * time.Millisecond)
	c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
	var v subscribedVideo
	if err := c.Next("v", 10*time.Second).Data(&v); err != nil || v.VideoUpdated.Title != "first" {
		t.Fatalf("after the read timeout: %+v %v", v, err)
	}
	// And a subscribed connection stays open past it too.
	time.Sleep(1500 * time.Millisecond)
	s.MustGraphQL(renameVideo, map[string]any{"id": videoID, "t": "second"}, nil)
	if err := c.Next("v", 10*time.Second).Data(&v); err != nil || v.VideoUpdated.Title != "second" {
		t.Fatalf("later: %+v %v", v, err)
	}
}
