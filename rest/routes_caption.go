package rest

// captionFields are the fields of a caption in every caption row's result; text is
// the track as WebVTT.
const captionFields = `id createdAt updatedAt videoID language label sourceFormat size text`

// captionRoutes are the rows of a video's captions.
func captionRoutes() []Route {
	return []Route{
		{
			// Multipart: parts file (WebVTT or SRT, at most 1 MiB), language (BCP 47)
			// and label; a language the video has already is replaced.
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/captions",
			Operation: `mutation UploadCaption($projId: ID!, $videoId: ID!, $language: String!, $label: String, $file: Upload!) {
				uploadCaption(videoID: $videoId, language: $language, label: $label, file: $file, projectID: $projId) { ` + captionFields + ` } }`,
			Message: "caption uploaded",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/captions/{captionId}",
			Operation: `query Caption($projId: ID!, $videoId: ID!, $captionId: ID!) {
				caption(videoID: $videoId, id: $captionId, projectID: $projId) { ` + captionFields + ` } }`,
			Message: "caption fetched",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/videos/{videoId}/captions/{captionId}",
			Operation: `mutation DeleteCaption($projId: ID!, $videoId: ID!, $captionId: ID!) {
				deleteCaption(videoID: $videoId, id: $captionId, projectID: $projId) }`,
			Message: "caption deleted",
		},
	}
}
