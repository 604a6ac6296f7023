package apptest

// Fixtures create entities through the public GraphQL API, the way a client would.

// CreateOrganization creates an organization, makes it the current one of s
// (s.Token then carries it: tenancy lets a session reach its current
// organization only) and returns its id.
func (s *Server) CreateOrganization(name string) string {
	s.t.Helper()
	var out struct{ CreateOrganization struct{ ID string } }
	s.MustGraphQL(`mutation($name: String!) { createOrganization(input: {name: $name}) { id } }`,
		map[string]any{"name": name}, &out)
	s.SwitchOrganization(out.CreateOrganization.ID)
	return out.CreateOrganization.ID
}

// SwitchOrganization makes an organization the current one of s's session and
// keeps the new access token in s.Token.
func (s *Server) SwitchOrganization(orgID string) {
	s.t.Helper()
	var out struct{ SwitchOrganization Tokens }
	s.MustGraphQL(`mutation($id: ID!) { switchOrganization(id: $id) { `+SignInFields+` } }`,
		map[string]any{"id": orgID}, &out)
	s.keep(out.SwitchOrganization)
}

// CreateProject creates a project in an organization and returns its id.
func (s *Server) CreateProject(orgID, name string) string {
	s.t.Helper()
	var out struct{ CreateProject struct{ ID string } }
	s.MustGraphQL(`mutation($org: ID!, $name: String!) { createProject(input: {organizationID: $org, name: $name}) { id } }`,
		map[string]any{"org": orgID, "name": name}, &out)
	return out.CreateProject.ID
}

// CreateFolder creates a folder (under parentID unless it is empty) and returns its id.
func (s *Server) CreateFolder(projectID, parentID, name string) string {
	s.t.Helper()
	vars := map[string]any{"project": projectID, "name": name, "parent": nil}
	if parentID != "" {
		vars["parent"] = parentID
	}
	var out struct{ CreateFolder struct{ ID string } }
	s.MustGraphQL(`mutation($project: ID!, $parent: ID, $name: String!) {
		createFolder(input: {projectID: $project, parentID: $parent, name: $name}) { id } }`, vars, &out)
	return out.CreateFolder.ID
}

// CreateTag creates a tag and returns its id.
func (s *Server) CreateTag(projectID, name string) string {
	s.t.Helper()
	var out struct{ CreateTag struct{ ID string } }
	s.MustGraphQL(`mutation($project: ID!, $name: String!) { createTag(input: {projectID: $project, name: $name}) { id } }`,
		map[string]any{"project": projectID, "name": name}, &out)
	return out.CreateTag.ID
}

// CreateVideo creates a video (in folderID unless empty, with the tags) and returns its id.
func (s *Server) CreateVideo(projectID, folderID, title string, tagIDs ...string) string {
	s.t.Helper()
	vars := map[string]any{"project": projectID, "title": title, "folder": nil, "tags": tagIDs}
	if folderID != "" {
		vars["folder"] = folderID
	}
	var out struct{ CreateVideo struct{ ID string } }
	s.MustGraphQL(`mutation($project: ID!, $folder: ID, $title: String!, $tags: [ID!]) {
		createVideo(input: {projectID: $project, folderID: $folder, title: $title, tagIDs: $tags}) { id } }`, vars, &out)
	return out.CreateVideo.ID
}
