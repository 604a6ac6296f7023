package rest

// playerFields are the fields of a player in every player row's result.
const playerFields = `id createdAt updatedAt projectID name isDefault primaryColor accentColor backgroundColor
	controls autoplay muted loop logoURL watermarkURL watermarkPosition speedOptions captionsDefault defaultCaptionLanguage`

// playerRoutes are the rows of a project's players.
func playerRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/players",
			Operation: `query Players($projId: ID!) { players(projectID: $projId) { ` + playerFields + ` } }`,
			Message:   "players fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/players", BodyVar: "input",
			Operation: `mutation CreatePlayer($projId: ID!, $input: CreatePlayerInput!) {
				createPlayer(projectID: $projId, input: $input) { ` + playerFields + ` } }`,
			Message: "player created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/players/{playerId}",
			Operation: `query Player($projId: ID!, $playerId: ID!) {
				player(projectID: $projId, id: $playerId) { ` + playerFields + ` } }`,
			Message: "player fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/players/{playerId}", BodyVar: "input",
			Operation: `mutation UpdatePlayer($projId: ID!, $playerId: ID!, $input: UpdatePlayerInput!) {
				updatePlayer(projectID: $projId, id: $playerId, input: $input) { ` + playerFields + ` } }`,
			Message: "player updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/players/{playerId}",
			Operation: `mutation DeletePlayer($projId: ID!, $playerId: ID!) { deletePlayer(projectID: $projId, id: $playerId) }`,
			Message:   "player deleted",
		},
		{
			// One default per project: the previous default stops being one.
			Method: "PUT", Path: "/projects/{projId}/players/{playerId}/default",
			Operation: `mutation SetDefaultPlayer($projId: ID!, $playerId: ID!) {
				setDefaultPlayer(projectID: $projId, id: $playerId) { ` + playerFields + ` } }`,
			Message: "default player set",
		},
	}
}
