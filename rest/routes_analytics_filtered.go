package rest

// analyticsFilteredRoutes are the rows of what the analytics collector dropped
// (issue 21: what was filtered is counted and queryable).
func analyticsFilteredRoutes() []Route {
	return []Route{
		{
			// Per reason over the range (default: the last 30 days), most dropped
			// first; ?by_hour=true per hour and reason, oldest first.
			Method: "GET", Path: "/projects/{projId}/analytics/filtered", Message: analyticsMessage,
			Operation: `query AnalyticsFiltered($projId: ID!, ` + analyticsRange + `, $byHour: Boolean = false) {
				analyticsFiltered(projectId: $projId, startTime: $startTime, endTime: $endTime, byHour: $byHour) { reason hour count } }`,
		},
	}
}
