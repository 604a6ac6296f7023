package rest

// videoFields are the fields of a video in every video row's result.
const videoFields = `id createdAt updatedAt projectID folderID title description status duration size metadata embedURL embedCode`

// videoFilters are the filter parameters of the video list: ?status= (repeat
// for several), ?folder_id=, ?tag_id= (repeat: any of the tags), ?tag= (a tag's
// exact name), ?q= (title contains, case-insensitive) and ?created_since=,
// ?created_until= (RFC 3339, the range [since, until)).
var videoFilters = map[string]string{
	"status":        "statusIn",
	"folder_id":     "folderID",
	"tag_id":        "hasTagsWith.idIn",
	"tag":           "hasTagsWith.name",
	"q":             "titleContainsFold",
	"created_since": "createdAtGTE",
	"created_until": "createdAtLT",
}

// videoRoutes are the rows of videos.
func videoRoutes() []Route {
	return []Route{
		{
			// Newest first unless ?sort= says otherwise; filtered by videoFilters.
			Method: "GET", Path: "/projects/{projId}/videos", ResultPath: "videos", Filters: videoFilters,
			Operation: `query Videos($projId: ID!, $first: Int, $after: Cursor, $orderBy: VideoOrder = ` + newestFirst + `, $where: VideoWhereInput) {
				project(id: $projId) { videos(first: $first, after: $after, orderBy: $orderBy, where: $where) {
					edges { node { ` + videoFields + ` } } ` + pageInfo + ` } } }`,
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
