package rest

// metadataEntryFields are the fields of a video's custom metadata entry.
const metadataEntryFields = `key value`

// videoContentRoutes are the rows that find videos (custom field, search), assign
// them to a folder in bulk and manage a video's custom metadata. Their static
// segments (custom-field, search, assign-folder) win over /videos/{videoId} in chi's
// router.
func videoContentRoutes() []Route {
	return []Route{
		{
			Method: "GET", Path: "/projects/{projId}/videos/custom-field",
			Operation: `query VideosByCustomField($projId: ID!, $key: String!, $value: String!, $first: Int, $after: Cursor, $orderBy: VideoOrder = ` + newestFirst + `) {
				videosByCustomField(projectID: $projId, key: $key, value: $value, first: $first, after: $after, orderBy: $orderBy) {
					edges { node { ` + videoFields + ` } } ` + pageInfo + ` } }`,
			Message: "videos fetched",
		},
		{
			// Every word of ?q= must appear in the title, description or a tag
			// name; newest first unless ?sort= says otherwise.
			Method: "GET", Path: "/projects/{projId}/videos/search",
			Operation: `query SearchVideos($projId: ID!, $q: String!, $first: Int, $after: Cursor, $orderBy: VideoOrder = ` + newestFirst + `) {
				searchVideos(projectID: $projId, query: $q, first: $first, after: $after, orderBy: $orderBy) {
					edges { node { ` + videoFields + ` } } ` + pageInfo + ` } }`,
			Message: "videos found",
		},
		{
			// {video_ids, folder_id}: an empty or null folder_id is the root.
			Method: "POST", Path: "/projects/{projId}/videos/assign-folder",
			Operation: `mutation AssignVideosToFolder($projId: ID!, $videoIds: [ID!]!, $folderId: ID) {
				assignVideosToFolder(projectID: $projId, videoIDs: $videoIds, folderID: $folderId) { ` + videoFields + ` } }`,
			Message: "videos assigned to the folder",
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/metas",
			Operation: `query VideoMetadata($projId: ID!, $videoId: ID!) {
				videoMetadata(videoID: $videoId, projectID: $projId) { ` + metadataEntryFields + ` } }`,
			Message: "video metadata fetched",
		},
		{
			// The body is a JSON array of {key, value}, as for project settings
			// (docs/spec.md 4.9); keys not given are kept.
			Method: "POST", Path: "/projects/{projId}/videos/{videoId}/metas", BodyVar: "entries",
			Operation: `mutation UpsertVideoMetadata($projId: ID!, $videoId: ID!, $entries: [MetadataEntryInput!]!) {
				upsertVideoMetadata(videoID: $videoId, entries: $entries, projectID: $projId) { ` + metadataEntryFields + ` } }`,
			Message: "video metadata saved",
		},
	}
}
