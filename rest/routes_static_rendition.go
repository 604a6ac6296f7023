package rest

// staticRenditionFields are the fields of a static rendition (an MP4
// download) in every static rendition row's result.
const staticRenditionFields = `id createdAt updatedAt videoID resolution fileName status width height bytes bitrate failureReason readyAt downloadURL`

// staticRenditionRoutes are the rows of a video's static renditions.
func staticRenditionRoutes() []Route {
	return []Route{
		{
			// The body is {"resolution": "highest" | "audio-only" | "720p"}.
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/static-renditions",
			Operation: `mutation CreateStaticRendition($projId: ID!, $videoId: ID!, $resolution: String!) {
				createStaticRendition(videoID: $videoId, resolution: $resolution, projectID: $projId) { ` + staticRenditionFields + ` } }`,
			Message: "static rendition requested",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/static-renditions",
			Operation: `query VideoStaticRenditions($projId: ID!, $videoId: ID!) {
				videoStaticRenditions(videoID: $videoId, projectID: $projId) { ` + staticRenditionFields + ` } }`,
			Message: "static renditions fetched",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/static-renditions/{staticRenditionId}",
			Operation: `query StaticRendition($projId: ID!, $videoId: ID!, $staticRenditionId: ID!) {
				staticRendition(videoID: $videoId, id: $staticRenditionId, projectID: $projId) { ` + staticRenditionFields + ` } }`,
			Message: "static rendition fetched",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/videos/{videoId}/static-renditions/{staticRenditionId}",
			Operation: `mutation DeleteStaticRendition($projId: ID!, $videoId: ID!, $staticRenditionId: ID!) {
				deleteStaticRendition(videoID: $videoId, id: $staticRenditionId, projectID: $projId) }`,
			Message: "static rendition deleted",
		},
	}
}
