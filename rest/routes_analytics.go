package rest

// analyticsResult is the selection of every analytics query row: the result of
// design section 5, rows as flat objects ({"time_interval_hour": ..., "value": 3}).
const analyticsResult = `startTime endTime granularity metrics { name groupBys total data }`

// analyticsRange are the variables every analytics row takes from ?start_time=
// and ?end_time= (ISO 8601; by default the 30 days up to now).
const analyticsRange = `$startTime: Time, $endTime: Time`

// analyticsQuery is an analytics query row: the operation runs the dataset query
// (analytics) with the given scope arguments, group-by default and metrics.
func analyticsQuery(name, vars, scope, groupBy, metrics, extra string) string {
	return `query ` + name + `(` + vars + `, ` + analyticsRange + `, $groupBy: AnalyticsDimension = ` + groupBy + `) {
		analytics(` + scope + `, query: {startTime: $startTime, endTime: $endTime, groupBys: [$groupBy], metrics: [` + metrics + `]` + extra + `}) { ` + analyticsResult + ` } }`
}

// The metrics of the rows that show views, watch time and uniques together.
const (
	audienceMetrics  = `{name: views}, {name: total_watch_time}, {name: unique_viewers}`
	projectScope     = `projectId: $projId`
	projectVars      = `$projId: ID!`
	folderScope      = `projectId: $projId, folderId: $folderId`
	folderVars       = `$projId: ID!, $folderId: ID!`
	videoScope       = `projectId: $projId, mediaId: $videoId`
	videoVars        = `$projId: ID!, $videoId: ID!`
	pagedListVars    = `$startTime: Time, $endTime: Time, $first: Int, $after: String`
	pagedListArgs    = `startTime: $startTime, endTime: $endTime, first: $first, after: $after`
	analyticsMessage = "analytics fetched"
)

// analyticsRoutes are the rows of docs/ROUTES.md "Analytics": each compiles to the one
// dataset query (or to a list of the analytics lists). An analytics type not
// listed is no row: 404 "no such route".
func analyticsRoutes() []Route {
	return []Route{
		// Project analytics.
		{Method: "GET", Path: "/projects/{projId}/analytics/geo-distribution", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectGeoDistribution", projectVars, projectScope, "country", audienceMetrics, "")},
		{Method: "GET", Path: "/projects/{projId}/analytics/views", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectViews", projectVars, projectScope, "time_interval_day", `{name: views}`, "")},
		{Method: "GET", Path: "/projects/{projId}/analytics/avg-watch-time", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectAvgWatchTime", projectVars, projectScope, "time_interval_day", `{name: avg_watch_time}`, "")},
		{Method: "GET", Path: "/projects/{projId}/analytics/total-watch-time", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectTotalWatchTime", projectVars, projectScope, "time_interval_day", `{name: total_watch_time}`, "")},
		{Method: "GET", Path: "/projects/{projId}/analytics/avg-watch-per-unique-user", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectAvgWatchPerUniqueUser", projectVars, projectScope, "time_interval_day", `{name: avg_watch_time_per_viewer}`, "")},
		{
			// Errors and failure rate by hour, and the failed views by error code;
			// ?media_id= keeps one video's (docs/spec.md 4.5).
			Method: "GET", Path: "/projects/{projId}/analytics/player-errors", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectPlayerErrors", projectVars+`, $mediaId: ID`, projectScope+`, mediaId: $mediaId`, "time_interval_hour",
				`{name: total_media_error}, {name: playback_failure_percentage},
				{name: view_attempts, groupBys: [error_code], filters: [{field: error_code, operator: not_equal, values: [""]}]}`, ""),
		},
		{
			// The videos ranked by views, watch time and completion, ?limit= (10) of each.
			Method: "GET", Path: "/projects/{projId}/analytics/popularity", Message: analyticsMessage,
			Operation: analyticsQuery("ProjectPopularity", projectVars+`, $limit: Int = 10`, projectScope, "media_id",
				`{name: views}, {name: total_watch_time}, {name: completion_rate}`, `, order: value_desc, limit: $limit`),
		},
		// Collection (folder, with its subfolders) analytics.
		{Method: "GET", Path: "/projects/{projId}/folders/{folderId}/analytics/insights", Message: analyticsMessage,
			Operation: analyticsQuery("FolderInsights", folderVars, folderScope, "media_id", audienceMetrics, "")},
		{Method: "GET", Path: "/projects/{projId}/folders/{folderId}/analytics/views", Message: analyticsMessage,
			Operation: analyticsQuery("FolderViews", folderVars, folderScope, "time_interval_day", `{name: views}`, "")},
		{Method: "GET", Path: "/projects/{projId}/folders/{folderId}/analytics/watch-time", Message: analyticsMessage,
			Operation: analyticsQuery("FolderWatchTime", folderVars, folderScope, "time_interval_day", `{name: total_watch_time}`, "")},
		// Video analytics.
		{Method: "GET", Path: "/projects/{projId}/videos/{videoId}/analytics/views", Message: analyticsMessage,
			Operation: analyticsQuery("VideoViews", videoVars, videoScope, "time_interval_day", `{name: views}`, "")},
		{Method: "GET", Path: "/projects/{projId}/videos/{videoId}/analytics/geo-distribution", Message: analyticsMessage,
			Operation: analyticsQuery("VideoGeoDistribution", videoVars, videoScope, "country", audienceMetrics, "")},
		{
			// docs/spec.md 4.4; userId is the user the player reports (text).
			Method: "GET", Path: "/projects/{projId}/users/{userId}/analytics/total-watch", Message: analyticsMessage,
			Operation: analyticsQuery("UserTotalWatch", `$projId: ID!, $userId: String!`, `projectId: $projId, userId: $userId`,
				"time_interval_hour", `{name: total_watch_time}`, ""),
		},
		// Lists.
		{Method: "GET", Path: "/projects/{projId}/analytics/users", Message: "analytics users fetched",
			Operation: `query AnalyticsUsers($projId: ID!, ` + pagedListVars + `) {
				analyticsUsers(projectId: $projId, ` + pagedListArgs + `) { edges { node { userId views totalWatchTime } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/projects/{projId}/analytics/videos", Message: "analytics videos fetched",
			Operation: `query AnalyticsVideos($projId: ID!, ` + pagedListVars + `) {
				analyticsVideos(projectId: $projId, ` + pagedListArgs + `) { edges { node { ` + analyticsVideoFields + ` } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/projects/{projId}/users/{userId}/media-views", Message: "media views fetched",
			Operation: `query UserMediaViews($projId: ID!, $userId: String!, ` + pagedListVars + `) {
				analyticsVideos(projectId: $projId, userId: $userId, ` + pagedListArgs + `) { edges { node { ` + analyticsVideoFields + ` } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/projects/{projId}/users/{userId}/player-logs", Message: "player logs fetched",
			Operation: `query UserPlayerLogs($projId: ID!, $userId: String!, ` + pagedListVars + `) {
				analyticsPlayerLog(projectId: $projId, userId: $userId, ` + pagedListArgs + `) {
				edges { node { viewId mediaId seq time type playhead detail } } ` + pageInfo + ` } }`},
		{Method: "GET", Path: "/projects/{projId}/users/{userId}/sessions", Message: "sessions fetched",
			Operation: `query UserSessions($projId: ID!, $userId: String!, ` + pagedListVars + `) {
				analyticsSessions(projectId: $projId, userId: $userId, ` + pagedListArgs + `) {
				edges { node { viewId sessionId mediaId startedAt endedAt watchTime startupTime country deviceType os browser errorCode completed } } ` + pageInfo + ` } }`},
		{
			// docs/spec.md 4.5 on the analytics host: the 2.6 query as the body.
			Method: "POST", Path: "/report/v1/{projectId}/dataset", Host: HostAnalytics, BodyVar: "query", Message: "dataset fetched",
			Operation: `query AnalyticsDataset($projectId: ID!, $query: AnalyticsQueryInput!) {
				analytics(projectId: $projectId, query: $query) { ` + analyticsResult + ` } }`,
		},
	}
}

// analyticsVideoFields are the fields of a video in the analytics video lists.
const analyticsVideoFields = `mediaId views uniqueViewers totalWatchTime`
