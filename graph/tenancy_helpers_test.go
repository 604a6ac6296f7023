package graph_test

import (
	"github.com/vidra-dev/vidra/internal/apptest"
)

// siblingProject creates another project in proj's organization (the current one),
// for tests of rules between projects.
func siblingProject(s *apptest.Server, proj, name string) string {
	var out struct {
		Project struct{ OrganizationID string }
	}
	s.MustGraphQL(`query($id: ID!) { project(id: $id) { organizationID } }`, map[string]any{"id": proj}, &out)
	return s.CreateProject(out.Project.OrganizationID, name)
}
