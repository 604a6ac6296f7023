package rest

// analyticsEraseRoutes are the rows that erase analytics data (issue 21: erase a
// user's data on request).
func analyticsEraseRoutes() []Route {
	return []Route{
		{
			// {userId} is the user id the player reported (free text, <= 128), not an
			// account id; the analytics delete permission is needed.
			Method: "DELETE", Path: "/projects/{projId}/users/{userId}/analytics",
			Operation: `mutation EraseAnalyticsUser($projId: ID!, $userId: String!) {
				eraseAnalyticsUser(projectID: $projId, userID: $userId) { userID views events } }`,
			Message: "user analytics erased",
		},
	}
}
