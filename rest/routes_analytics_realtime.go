package rest

// analyticsRealtimeRoutes are the realtime analytics rows (issue 21: concurrent
// viewers, fresh within 15 s). Neither docs/ROUTES.md nor the seed spec (docs/spec.md) has such a
// row; this one follows the project analytics rows' paths.
func analyticsRealtimeRoutes() []Route {
	return []Route{
		{
			// The views playing now; ?video_id= keeps one video's.
			Method: "GET", Path: "/projects/{projId}/analytics/concurrent-viewers", Message: "concurrent viewers fetched",
			Operation: `query ConcurrentViewers($projId: ID!, $videoId: ID) {
				concurrentViewers(projectID: $projId, videoID: $videoId) { count asOf windowSeconds } }`,
		},
	}
}
