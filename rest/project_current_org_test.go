package rest_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestProjectsDefaultToTheCurrentOrganization creates projects without naming an
// organization, over REST and GraphQL: they land in the session's current
// organization. Naming another organization of the caller still works; naming
// one the caller does not belong to is refused and creates nothing.
func TestProjectsDefaultToTheCurrentOrganization(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		var orgs struct {
			Organizations struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
		s.MustGraphQL(`query { organizations(first: 5) { edges { node { id } } } }`, nil, &orgs)
		if len(orgs.Organizations.Edges) != 1 {
			t.Fatalf("organizations = %+v", orgs)
		}
		personal := orgs.Organizations.Edges[0].Node.ID

		var viaREST struct {
			ID             string `json:"id"`
			OrganizationID string `json:"organization_id"`
		}
		decodeInto(t, callREST(t, s, 200, "POST", "/v1/projects", `{"name": "Docs"}`), &viaREST)
		if viaREST.OrganizationID != personal {
			t.Fatalf("POST /v1/projects without organization_id: organization %q, want the current %q", viaREST.OrganizationID, personal)
		}
		var viaGraphQL struct {
			CreateProject struct{ OrganizationID string }
		}
		s.MustGraphQL(`mutation { createProject(input: {name: "Guides"}) { organizationID } }`, nil, &viaGraphQL)
		if viaGraphQL.CreateProject.OrganizationID != personal {
			t.Fatalf("createProject without organizationID: organization %q, want %q", viaGraphQL.CreateProject.OrganizationID, personal)
		}

		// A second organization becomes the current one; the default follows it.
		acme := s.CreateOrganization("Acme")
		decodeInto(t, callREST(t, s, 200, "POST", "/v1/projects", `{"name": "Acme docs"}`), &viaREST)
		if viaREST.OrganizationID != acme {
			t.Fatalf("after switching: organization %q, want %q", viaREST.OrganizationID, acme)
		}
		// Naming an organization the caller owns but is not current in still works.
		decodeInto(t, callREST(t, s, 200, "POST", "/v1/projects", `{"name": "Named", "organization_id": "`+personal+`"}`), &viaREST)
		if viaREST.OrganizationID != personal {
			t.Fatalf("named organization: got %q, want %q", viaREST.OrganizationID, personal)
		}

		// Another user's organization is out of reach.
		other := s.As(s.SignUp("other@example.test", apptest.DefaultPassword, "Other").AccessToken)
		var otherOrgs struct {
			Organizations struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
		other.MustGraphQL(`query { organizations(first: 5) { edges { node { id } } } }`, nil, &otherOrgs)
		foreign := otherOrgs.Organizations.Edges[0].Node.ID
		status, env := s.REST("POST", "/v1/projects", `{"name": "Intrusion", "organization_id": "`+foreign+`"}`)
		if status < 400 || status >= 500 || env.Success {
			t.Fatalf("creating in another user's organization = %d %+v", status, env)
		}
		var count struct {
			Projects struct{ TotalCount int }
		}
		other.MustGraphQL(`query { projects(first: 1) { totalCount } }`, nil, &count)
		if count.Projects.TotalCount != 0 {
			t.Fatalf("the refused create left %d projects in the other organization", count.Projects.TotalCount)
		}
	})
}
