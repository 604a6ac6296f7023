package rest

// encodingProfileFields are the fields of an encoding profile in every encoding profile row's result.
const encodingProfileFields = `id createdAt updatedAt projectID name isDefault renditions { height videoBitrateKbps codec audioBitrateKbps }`

// encodingProfileRoutes are the rows of a project's encoding profiles. docs/ROUTES.md
// writes the profile's path parameter as {id}; it is {encodingProfileId} here, as
// other children's ids are named for what they are, and a malformed one is a 400
// naming encodingProfileId.
func encodingProfileRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/encoding-profiles",
			Operation: `query EncodingProfiles($projId: ID!) { encodingProfiles(projectID: $projId) { ` + encodingProfileFields + ` } }`,
			Message:   "encoding profiles fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/encoding-profiles", BodyVar: "input",
			Operation: `mutation CreateEncodingProfile($projId: ID!, $input: EncodingProfileInput!) {
				createEncodingProfile(projectID: $projId, input: $input) { ` + encodingProfileFields + ` } }`,
			Message: "encoding profile created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/encoding-profiles/{encodingProfileId}",
			Operation: `query EncodingProfile($projId: ID!, $encodingProfileId: ID!) {
				encodingProfile(projectID: $projId, id: $encodingProfileId) { ` + encodingProfileFields + ` } }`,
			Message: "encoding profile fetched",
		},
		{
			// The body replaces the profile's name and ladder.
			Method: "PUT", Path: "/projects/{projId}/encoding-profiles/{encodingProfileId}", BodyVar: "input",
			Operation: `mutation UpdateEncodingProfile($projId: ID!, $encodingProfileId: ID!, $input: EncodingProfileInput!) {
				updateEncodingProfile(projectID: $projId, id: $encodingProfileId, input: $input) { ` + encodingProfileFields + ` } }`,
			Message: "encoding profile updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/encoding-profiles/{encodingProfileId}",
			Operation: `mutation DeleteEncodingProfile($projId: ID!, $encodingProfileId: ID!) {
				deleteEncodingProfile(projectID: $projId, id: $encodingProfileId) }`,
			Message: "encoding profile deleted",
		},
		{
			// One default per project; new videos are transcoded with its ladder.
			Method: "PUT", Path: "/projects/{projId}/encoding-profiles/{encodingProfileId}/default",
			Operation: `mutation SetDefaultEncodingProfile($projId: ID!, $encodingProfileId: ID!) {
				setDefaultEncodingProfile(projectID: $projId, id: $encodingProfileId) { ` + encodingProfileFields + ` } }`,
			Message: "default encoding profile set",
		},
	}
}
