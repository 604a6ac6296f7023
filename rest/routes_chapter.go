package rest

// chapterFields are the fields of a chapter in every chapter row's result.
const chapterFields = `id createdAt updatedAt videoID title startSeconds`

// chapterRoutes are the rows of a video's chapters.
func chapterRoutes() []Route {
	return []Route{
		{
			// The body is the JSON array of {title, start_seconds} that replaces the
			// video's chapters; the result is them in start order.
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/chapters", BodyVar: "chapters",
			Operation: `mutation SetVideoChapters($projId: ID!, $videoId: ID!, $chapters: [ChapterInput!]!) {
				setVideoChapters(videoID: $videoId, chapters: $chapters, projectID: $projId) { ` + chapterFields + ` } }`,
			Message: "video chapters saved",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/chapters",
			Operation: `query VideoChapters($projId: ID!, $videoId: ID!) {
				videoChapters(videoID: $videoId, projectID: $projId) { ` + chapterFields + ` } }`,
			Message: "video chapters fetched",
		},
	}
}
