package rest

// clipRoutes are the rows of clips: a new video cut from a range of a video.
func clipRoutes() []Route {
	return []Route{
		{
			// The body is {"start", "end"} in seconds, and optionally "title",
			// "description", "folder_id" and "metadata".
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/clips",
			Operation: `mutation CreateClip($projId: ID!, $videoId: ID!, $start: Float!, $end: Float!, $title: String, $description: String, $folderId: ID, $metadata: Map) {
				createClip(videoID: $videoId, start: $start, end: $end, title: $title, description: $description, folderID: $folderId, metadata: $metadata, projectID: $projId) { ` + videoFields + ` clipSourceID clipStart clipEnd } }`,
			Message: "clip requested",
		},
	}
}
