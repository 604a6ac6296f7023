package app_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/changefeed"
)

// resumeProject makes a project whose webhook endpoint receives
// video.created (delivered to no one: the test server runs no workers, so
// each delivery stays as created).
func resumeProject(t *testing.T, s *apptest.Server) string {
	t.Helper()
	org := s.CreateOrganization("Org")
	s.SwitchOrganization(org)
	project := s.CreateProject(org, "P")
	s.MustGraphQL(`mutation($p: ID!) { createWebhookEndpoint(projectID: $p, input: {url: "http://127.0.0.1:9/hook", eventTypes: ["video.created"]}) { endpoint { id } } }`,
		map[string]any{"p": project}, nil)
	return project
}

// TestSubscriptionResume: on each database, a subscriber whose connection
// closed subscribes again with the cursor of the last event it received and
// gets exactly the deliveries created meanwhile, and the video's state
// changed meanwhile (apptest.SubscriptionResume).
func TestSubscriptionResume(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		apptest.SubscriptionResume(t, s, s, resumeProject(t, s), func(c *apptest.WSConn) { c.Close() })
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}

// TestSubscriptionCursorExpired: on each database, once the change log has
// been pruned past a cursor, subscribing after it is refused with
// CURSOR_EXPIRED (so is a cursor ahead of the log), while the newest cursor
// still resumes; a cursor that is no number is INVALID_INPUT.
func TestSubscriptionCursorExpired(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		project := resumeProject(t, s)
		videoID := s.CreateVideo(project, "", "v")
		c, code, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatalf("connect: %v (close %d)", err, code)
		}
		const sub = `subscription($id: ID!, $after: String) { videoUpdated(id: $id, after: $after) { id } }`
		c.Subscribe("old", sub, map[string]any{"id": videoID})
		old := c.Next("old", 10*time.Second).Cursor()
		for _, title := range []string{"one", "two", "three"} {
			s.MustGraphQL(renameVideo, map[string]any{"id": videoID, "t": title}, nil)
		}
		c.Subscribe("new", sub, map[string]any{"id": videoID})
		newest := c.Next("new", 10*time.Second).Cursor()
		// A window of zero: everything but the newest entry goes.
		n, err := changefeed.Prune(apptest.System(), s.App.DB.Client, 0)
		if err != nil || n == 0 {
			t.Fatalf("prune: %d entries removed, %v", n, err)
		}
		for _, tc := range []struct{ name, after, code string }{
			{"pruned", old, "CURSOR_EXPIRED"},
			{"ahead", "999999999", "CURSOR_EXPIRED"},
			{"not a cursor", "yesterday", "INVALID_INPUT"},
		} {
			c.Subscribe(tc.name, sub, map[string]any{"id": videoID, "after": tc.after})
			m := c.Next(tc.name, 10*time.Second)
			// A refusal by the resolver comes as a next message with errors.
			if errs := m.Errors(); len(errs) != 1 || errs[0].Code() != tc.code {
				t.Fatalf("%s cursor %q: %s %s, want an error %s", tc.name, tc.after, m.Type, m.Payload, tc.code)
			}
		}
		c.Subscribe("resumed", sub, map[string]any{"id": videoID, "after": newest})
		if err := c.Quiet("resumed", 500*time.Millisecond); err != nil {
			t.Fatalf("resumed at the newest cursor: %v", err)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}
