package app_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const liveStreamSub = `subscription($p: ID!, $id: ID!, $after: String) { liveStreamUpdated(projectID: $p, id: $id, after: $after) { id name status } }`

// TestLiveStreamUpdatedSubscription: the stream at once, then after a change
// of its settings and of its status; a stream of a project the caller cannot
// see is NOT_FOUND; the subscription completes when the stream is deleted.
func TestLiveStreamUpdatedSubscription(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Live org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "Live")
		var created struct {
			CreateLiveStream struct{ LiveStream struct{ ID string } }
		}
		s.MustGraphQL(`mutation($p: ID!) { createLiveStream(projectID: $p, input: {name: "Studio A"}) { liveStream { id } } }`,
			map[string]any{"p": project}, &created)
		id := created.CreateLiveStream.LiveStream.ID

		c, code, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatalf("connect: %v (close %d)", err, code)
		}
		defer c.Close()
		c.Subscribe("s", liveStreamSub, map[string]any{"p": project, "id": id})
		var ev struct {
			LiveStreamUpdated struct{ ID, Name, Status string }
		}
		if err := c.Next("s", 10*time.Second).Data(&ev); err != nil || ev.LiveStreamUpdated.Name != "Studio A" {
			t.Fatalf("first value: %+v %v", ev, err)
		}
		c.Drain("s", 500*time.Millisecond)

		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { updateLiveStream(projectID: $p, id: $id, input: {name: "Studio B"}) { id } }`,
			map[string]any{"p": project, "id": id}, nil)
		if err := c.Next("s", 10*time.Second).Data(&ev); err != nil || ev.LiveStreamUpdated.Name != "Studio B" {
			t.Fatalf("after rename: %+v %v", ev, err)
		}
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { updateLiveStreamStatus(projectID: $p, id: $id, action: DISABLE) { id } }`,
			map[string]any{"p": project, "id": id}, nil)
		if err := c.Next("s", 10*time.Second).Data(&ev); err != nil || ev.LiveStreamUpdated.Status != "disabled" {
			t.Fatalf("after disable: %+v %v", ev, err)
		}

		// Another organization's stream: the same answer as liveStream(projectID, id).
		other := s.SignedIn(s.SignUp("stranger@example.com", "a long stranger passphrase 9", "Stranger"))
		oc, _, err := other.DialWS(bearer(other))
		if err != nil {
			t.Fatal(err)
		}
		defer oc.Close()
		oc.Subscribe("x", liveStreamSub, map[string]any{"p": project, "id": id})
		if errs := oc.Next("x", 10*time.Second).Errors(); len(errs) == 0 || errs[0].Code() != "NOT_FOUND" {
			t.Fatalf("a stranger's subscription: %+v", errs)
		}

		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { deleteLiveStream(projectID: $p, id: $id) }`, map[string]any{"p": project, "id": id}, nil)
		for {
			m := c.Next("s", 10*time.Second)
			if m.Type == "complete" {
				break
			}
			if m.Type != "next" {
				t.Fatalf("after delete: %+v", m)
			}
		}
	})
}
