package graph_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestRememberedProjectLookupsFollowEveryChange reads a project by id as a
// signed-in member, whose lookups are remembered between requests
// (internal/credential/project_cache.go), and checks that each change that could alter the
// answer is what the member's very next request sees: a rename, losing the
// right to see the project, and its deletion. An API key's lookups are not
// remembered.
func TestRememberedProjectLookupsFollowEveryChange(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, db, counter := countingServer(t, d)
			org := s.CreateOrganization("Acme")
			proj := s.CreateProject(org, "Films")
			signUp := s.SignUp("eve@example.test", "glacier ember violin", "Eve")
			eve := s.As(signUp.AccessToken)
			db.Client.Membership.Create().SetOrganizationID(uuid.MustParse(org)).
				SetUserID(uuid.MustParse(signUp.User.ID)).SetRole(membership.RoleAdmin).ExecX(apptest.System())
			eve.SwitchOrganization(org)

			const lookup = `query($p: ID!) { project(id: $p) { name } }`
			vars := map[string]any{"p": proj}
			name := func(as *apptest.Server, headers ...http.Header) string {
				t.Helper()
				var out struct{ Project struct{ Name string } }
				as.MustGraphQL(lookup, vars, &out, headers...)
				return out.Project.Name
			}
			projectReads := func(read func()) int {
				t.Helper()
				counter.Reset()
				read()
				n := 0
				for _, q := range counter.Statements() {
					if strings.Contains(q, "projects") {
						n++
					}
				}
				return n
			}
			notFound := func(what string) {
				t.Helper()
				if code := eve.ErrorCode(lookup, vars); code != "NOT_FOUND" {
					t.Fatalf("%s: lookup answered %q, want NOT_FOUND", what, code)
				}
			}

			if got := name(eve); got != "Films" {
				t.Fatalf("first lookup: name %q, want Films", got)
			}
			// On PostgreSQL, remembering starts once the server's LISTEN
			// connection is up, and the notices of the set-up's own writes
			// (the membership, the switch) arrive on it after they commit:
			// either may come after the first lookup on a loaded machine. So
			// the lookup is repeated until one is served from memory.
			var n int
			if !poll.Within(10*time.Second, func() bool { n = projectReads(func() { name(eve) }); return n == 0 }) {
				t.Fatalf("a repeated lookup still read projects %d times after 10 s, want 0 (remembered)", n)
			}

			s.MustGraphQL(`mutation($p: ID!) { updateProject(id: $p, input: {name: "Films 2"}) { id } }`, vars, nil)
			if got := name(eve); got != "Films 2" {
				t.Fatalf("after a rename: name %q, want Films 2", got)
			}

			s.MustGraphQL(`mutation($u: ID!) { updateMember(userID: $u, role: member) { role } }`, map[string]any{"u": signUp.User.ID}, nil)
			notFound("after a demotion to a member without grants")

			s.MustGraphQL(`mutation($u: ID!) { updateMember(userID: $u, role: admin) { role } }`, map[string]any{"u": signUp.User.ID}, nil)
			for range 2 {
				if got := name(eve); got != "Films 2" {
					t.Fatalf("after a promotion: name %q, want Films 2", got)
				}
			}

			key := http.Header{"X-Api-Key": {s.CreateAPIKey(`"{\"projects.read\": true}"`)}}
			anon := s.Anonymous()
			name(anon, key)
			if n := projectReads(func() { name(anon, key) }); n == 0 {
				t.Fatal("an API key's lookup was remembered; only sessions' are")
			}

			s.MustGraphQL(`mutation($p: ID!) { deleteProject(id: $p) }`, vars, nil)
			notFound("after the project's deletion")
		})
	}
}
