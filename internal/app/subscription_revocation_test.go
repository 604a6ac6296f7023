package app_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestSubscriptionsEndWithTheChangeFeed: with the periodic credential check an
// hour apart, a subscriber's connection ends as soon as the change feed
// announces that its credential no longer holds: a member removed, a member
// whose role is lowered, a deleted API key, a signed-out session. In each case
// the video is renamed right after the change: another subscriber receives the
// new title, and the ended subscriber never does.
func TestSubscriptionsEndWithTheChangeFeed(t *testing.T) {
	env := map[string]string{"VIDRA_WS_CREDENTIAL_RECHECK": "1h", "VIDRA_WORKERS": "false"}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "v0")

		observer, _, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatal(err)
		}
		observer.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		observer.Next("v", 10*time.Second)
		observer.Drain("v", 300*time.Millisecond)

		// admin signs up a user, makes them an admin of org and returns
		// them signed in there, with their user id.
		admin := func(email string) (*apptest.Server, string) {
			t.Helper()
			up := s.SignUp(email, "glacier ember violin", "U")
			s.App.DB.Client.Membership.Create().SetOrganizationID(uuid.MustParse(org)).
				SetUserID(uuid.MustParse(up.User.ID)).SetRole(membership.RoleAdmin).ExecX(apptest.System())
			u := s.As(up.AccessToken)
			u.SwitchOrganization(org)
			return u, up.User.ID
		}
		subscribed := func(name string, init map[string]any) *apptest.WSConn {
			t.Helper()
			c, code, err := s.DialWS(init)
			if err != nil {
				t.Fatalf("%s: connect: %v (close %d)", name, err, code)
			}
			c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
			if m := c.Next("v", 10*time.Second); m.Type != "next" {
				t.Fatalf("%s: first value %s %s", name, m.Type, m.Payload)
			}
			c.Drain("v", 300*time.Millisecond)
			return c
		}
		// revoked runs change, renames the video, waits for the observer to
		// get the new title, and checks that c ended without it.
		revoked := func(name string, c *apptest.WSConn, change func()) {
			t.Helper()
			start := time.Now()
			change()
			title := "after " + name
			s.MustGraphQL(renameVideo, map[string]any{"id": videoID, "t": title}, nil)
			for {
				var v subscribedVideo
				if err := observer.Next("v", 10*time.Second).Data(&v); err != nil {
					t.Fatalf("%s: observer: %v", name, err)
				}
				if v.VideoUpdated.Title == title {
					break
				}
			}
			deadline := time.Now().Add(10 * time.Second)
			for {
				m, err := c.Read(time.Until(deadline))
				if err != nil {
					if time.Now().After(deadline) {
						t.Fatalf("%s: the connection is still open", name)
					}
					t.Logf("%s: connection ended %s after the change (%v)", name, time.Since(start).Round(time.Millisecond), err)
					return
				}
				if m.Type == "next" && strings.Contains(string(m.Payload), title) {
					t.Fatalf("%s: the subscriber received a change committed after it: %s", name, m.Payload)
				}
			}
		}

		eve, eveID := admin("eve@example.test")
		revoked("member removed", subscribed("eve", bearer(eve)), func() {
			s.MustGraphQL(`mutation($u: ID!) { removeMember(userID: $u) }`, map[string]any{"u": eveID}, nil)
		})

		bob, bobID := admin("bob@example.test")
		revoked("role lowered", subscribed("bob", bearer(bob)), func() {
			s.MustGraphQL(`mutation($u: ID!) { updateMember(userID: $u, role: member) { role } }`, map[string]any{"u": bobID}, nil)
		})

		key := s.CreateAPIKey(`"{\"projects.read\": true, \"folders.read\": true}"`)
		var keys struct {
			APIKeys struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
		s.MustGraphQL(`{ apiKeys(first: 1) { edges { node { id } } } }`, nil, &keys)
		revoked("API key deleted", subscribed("key", map[string]any{"apiKey": key}), func() {
			s.MustGraphQL(`mutation($id: ID!) { deleteApiKey(id: $id) }`, map[string]any{"id": keys.APIKeys.Edges[0].Node.ID}, nil)
		})

		carol, _ := admin("carol@example.test")
		revoked("signed out", subscribed("carol", bearer(carol)), func() {
			carol.MustGraphQL(`mutation { logout }`, nil, nil)
		})
	}, apptest.Options{Env: env})
}
