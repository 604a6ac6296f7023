package graph_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestMembershipChangesReachTheNextRequest changes a signed-in member's role,
// then removes them, and checks each change is what their very next request
// sees. Session checks are remembered between requests (internal/credential/session_cache.go);
// the member's requests before each change make sure one is.
func TestMembershipChangesReachTheNextRequest(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		s.CreateProject(org, "Films")
		signUp := s.SignUp("eve@example.test", "glacier ember violin", "Eve")
		eve := s.As(signUp.AccessToken)
		s.App.DB.Client.Membership.Create().SetOrganizationID(uuid.MustParse(org)).
			SetUserID(uuid.MustParse(signUp.User.ID)).SetRole(membership.RoleMember).ExecX(apptest.System())
		eve.SwitchOrganization(org)

		role := func() (string, string) {
			t.Helper()
			var who accessCheck
			eve.MustGraphQL(whoAmIOp, nil, &who)
			return who.APIAccessCheck.Organization.Name, who.APIAccessCheck.Role
		}
		projects := func() int {
			t.Helper()
			var out struct{ Projects struct{ TotalCount int } }
			eve.MustGraphQL(`{ projects(first: 1) { totalCount } }`, nil, &out)
			return out.Projects.TotalCount
		}
		for range 3 {
			if name, r := role(); name != "Acme" || r != "member" {
				t.Fatalf("before: organization %q role %q, want Acme member", name, r)
			}
			if n := projects(); n != 0 {
				t.Fatalf("before: %d projects seen, want none (a member without grants)", n)
			}
		}
		s.MustGraphQL(`mutation($u: ID!) { updateMember(userID: $u, role: admin) { role } }`, map[string]any{"u": signUp.User.ID}, nil)
		for range 3 {
			if name, r := role(); name != "Acme" || r != "admin" {
				t.Fatalf("after promotion: organization %q role %q, want Acme admin", name, r)
			}
			if n := projects(); n != 1 {
				t.Fatalf("after promotion: %d projects seen, want Acme's 1", n)
			}
		}
		s.MustGraphQL(`mutation($u: ID!) { removeMember(userID: $u) }`, map[string]any{"u": signUp.User.ID}, nil)
		if n := projects(); n != 0 {
			t.Fatalf("after removal: %d projects seen, want none", n)
		}
		if name, r := role(); name != "" || r != "" {
			t.Fatalf("after removal: organization %q role %q, want none", name, r)
		}
	})
}
