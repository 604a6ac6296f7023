package rest

// accessControlFields are the fields of a project's playback rules in every access control row's result.
const accessControlFields = `id createdAt updatedAt projectID playback allowedDomains allowedCountries blockedCountries tokenTTLDefault tokenTTLMin tokenTTLMax`

// accessControlRoutes are the rows of a project's access control (playback rules).
func accessControlRoutes() []Route {
	return []Route{
		{
			// The result is null until rules are put: public playback, no restriction.
			Method: "GET", Path: "/projects/{projId}/access-control",
			Operation: `query AccessControl($projId: ID!) { accessControl(projectID: $projId) { ` + accessControlFields + ` } }`,
			Message:   "access control fetched",
		},
		{
			// The body replaces the rules as a whole; omitted keys take their defaults.
			Method: "PUT", Path: "/projects/{projId}/access-control", BodyVar: "input",
			Operation: `mutation PutAccessControl($projId: ID!, $input: AccessControlInput!) {
				putAccessControl(projectID: $projId, input: $input) { ` + accessControlFields + ` } }`,
			Message: "access control saved",
		},
	}
}
