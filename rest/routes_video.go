package rest

// videoFields are the fields of a video in every video row's result.
const videoFields = `id createdAt updatedAt projectID folderID title description status duration size metadata`

// videoRoutes are the rows of videos.
func videoRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/videos", ResultPath: "videos",
			Operation: `query Videos($projId: ID!, $first: Int, $after: Cursor) {
				project(id: $projId) { videos(first: $first, after: $after) { edges { node { ` + videoFields + ` } } ` + pageInfo + ` } } }`,
			Message: "videos fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/videos",
			Operation: `mutation CreateVideo($projId: ID!, $title: String!, $description: String, $metadata: Map, $folderId: ID, $tagIds: [ID!]) {
				createVideo(input: {projectID: $projId, title: $title, description: $description, metadata: $metadata, folderID: $folderId, tagIDs: $tagIds}) { ` + videoFields + ` } }`,
			Message: "video created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}",
			Operation: `query Video($projId: ID!, $videoId: ID!) { video(id: $videoId, projectID: $projId) { ` + videoFields + ` } }`,
			Message:   "video fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/videos/{videoId}", BodyVar: "input",
			Operation: `mutation UpdateVideo($projId: ID!, $videoId: ID!, $input: UpdateVideoInput!) {
				updateVideo(id: $videoId, input: $input, projectID: $projId) { ` + videoFields + ` } }`,
			Message: "video updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/videos/{videoId}",
			Operation: `mutation DeleteVideo($projId: ID!, $videoId: ID!) { deleteVideo(id: $videoId, projectID: $projId) }`,
			Message:   "video deleted",
		},
	}
}
