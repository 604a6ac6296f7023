package rest

// captionGenerationFields are the fields of a caption generation (a request
// for automatic captions) in every caption generation row's result.
const captionGenerationFields = `id createdAt updatedAt videoID language engine model status failureReason captionID audioSeconds cpuSeconds finishedAt`

// captionGenerationRoutes are the rows of a video's automatic captions.
func captionGenerationRoutes() []Route {
	return []Route{
		{
			// The body is {"language": "en"}.
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/caption-generations",
			Operation: `mutation GenerateCaptions($projId: ID!, $videoId: ID!, $language: String!) {
				generateCaptions(videoID: $videoId, language: $language, projectID: $projId) { ` + captionGenerationFields + ` } }`,
			Message: "caption generation queued",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/caption-generations",
			Operation: `query VideoCaptionGenerations($projId: ID!, $videoId: ID!) {
				videoCaptionGenerations(videoID: $videoId, projectID: $projId) { ` + captionGenerationFields + ` } }`,
			Message: "caption generations fetched",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/caption-generations/{generationId}",
			Operation: `query CaptionGeneration($projId: ID!, $videoId: ID!, $generationId: ID!) {
				captionGeneration(videoID: $videoId, id: $generationId, projectID: $projId) { ` + captionGenerationFields + ` } }`,
			Message: "caption generation fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/caption-generations/{generationId}/cancel",
			Operation: `mutation CancelCaptionGeneration($projId: ID!, $videoId: ID!, $generationId: ID!) {
				cancelCaptionGeneration(videoID: $videoId, id: $generationId, projectID: $projId) { ` + captionGenerationFields + ` } }`,
			Message: "caption generation canceled",
		},
	}
}
