package rest

// advertisementFields are the fields of an advertisement in every advertisement row's result.
const advertisementFields = `id createdAt updatedAt projectID name tagURL placement offsets enabled`

// advertisementRoutes are the rows of advertisements (docs/spec.md 4.6, 4.7).
func advertisementRoutes() []Route {
	return []Route{
		{
			// docs/spec.md 4.6: the result is an array, empty when there are none.
			Method: "GET", Path: "/projects/{projId}/advertisements",
			Operation: `query Advertisements($projId: ID!) { advertisements(projectID: $projId) { ` + advertisementFields + ` } }`,
			Message:   "advertisements fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/advertisements", BodyVar: "input",
			Operation: `mutation CreateAdvertisement($projId: ID!, $input: CreateAdvertisementInput!) {
				createAdvertisement(projectID: $projId, input: $input) { ` + advertisementFields + ` } }`,
			Message: "advertisement created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/advertisements/{advertisementId}",
			Operation: `query Advertisement($projId: ID!, $advertisementId: ID!) {
				advertisement(projectID: $projId, id: $advertisementId) { ` + advertisementFields + ` } }`,
			Message: "advertisement fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/advertisements/{advertisementId}", BodyVar: "input",
			Operation: `mutation UpdateAdvertisement($projId: ID!, $advertisementId: ID!, $input: UpdateAdvertisementInput!) {
				updateAdvertisement(projectID: $projId, id: $advertisementId, input: $input) { ` + advertisementFields + ` } }`,
			Message: "advertisement updated",
		},
		{
			// docs/spec.md 4.7: a malformed id is 400, an unknown one 404.
			Method: "DELETE", Path: "/projects/{projId}/advertisements/{advertisementId}",
			Operation: `mutation DeleteAdvertisement($projId: ID!, $advertisementId: ID!) {
				deleteAdvertisement(projectID: $projId, id: $advertisementId) }`,
			Message: "advertisement deleted",
		},
	}
}
