package rest

// projectFields are the fields of a project in every project row's result.
const projectFields = `id createdAt updatedAt organizationID name description logo staticRenditions`

// settingFields are the fields of a project setting (docs/spec.md 2.7 plus ids and times).
const settingFields = `id key value createdAt updatedAt`

// projectRoutes are the rows of projects and their settings.
func projectRoutes() []Route {
	return []Route{
		{
			// Newest first unless ?sort= says otherwise; ?organization_id= (repeat
			// for several) and ?q= (name contains) filter.
			Method: "GET", Path: "/projects",
			Filters: map[string]string{"organization_id": "organizationIDIn", "q": "nameContainsFold"},
			Operation: `query Projects($first: Int, $after: Cursor, $orderBy: ProjectOrder = ` + newestFirst + `, $where: ProjectWhereInput) {
				projects(first: $first, after: $after, orderBy: $orderBy, where: $where) { edges { node { ` + projectFields + ` } } ` + pageInfo + ` } }`,
			Message: "projects fetched",
		},
		{
			Method: "POST", Path: "/projects", BodyVar: "input",
			Operation: `mutation CreateProject($input: CreateProjectInput!) {
				createProject(input: $input) { ` + projectFields + ` } }`,
			Message: "project created",
		},
		{
			Method: "GET", Path: "/projects/{projId}",
			Operation: `query Project($projId: ID!) { project(id: $projId) { ` + projectFields + ` } }`,
			Message:   "project fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}", BodyVar: "input",
			Operation: `mutation UpdateProject($projId: ID!, $input: UpdateProjectInput!) {
				updateProject(id: $projId, input: $input) { ` + projectFields + ` } }`,
			Message: "project updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}",
			Operation: `mutation DeleteProject($projId: ID!) { deleteProject(id: $projId) }`,
			Message:   "project deleted",
		},
		{
			Method: "GET", Path: "/projects/{projId}/settings",
			Operation: `query ProjectSettings($projId: ID!) { projectSettings(projectID: $projId) { ` + settingFields + ` } }`,
			Message:   "project settings fetched",
		},
		{
			// docs/spec.md 4.9: the body is exactly a JSON array of {key, value}.
			Method: "POST", Path: "/projects/{projId}/settings", BodyVar: "input",
			Operation: `mutation UpsertProjectSettings($projId: ID!, $input: [ProjectSettingInput!]!) {
				upsertProjectSettings(projectID: $projId, input: $input) { ` + settingFields + ` } }`,
			Message: "project settings saved",
		},
	}
}
