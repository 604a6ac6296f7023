package rest

// folderFields are the fields of a folder in every folder row's result.
const folderFields = `id createdAt updatedAt projectID parentID name`

// folderRoutes are the rows of folders (also called collections).
func folderRoutes() []Route {
	return []Route{
		{
			// Newest first unless ?sort= says otherwise; ?parent_id= lists the
			// children of a folder, ?q= the folders whose name contains it.
			Method: "GET", Path: "/projects/{projId}/folders", ResultPath: "folders",
			Filters: map[string]string{"parent_id": "parentID", "q": "nameContainsFold"},
			Operation: `query Folders($projId: ID!, $first: Int, $after: Cursor, $orderBy: FolderOrder = ` + newestFirst + `, $where: FolderWhereInput) {
				project(id: $projId) { folders(first: $first, after: $after, orderBy: $orderBy, where: $where) {
					edges { node { ` + folderFields + ` } } ` + pageInfo + ` } } }`,
			Message: "folders fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/folders",
			Operation: `mutation CreateFolder($projId: ID!, $name: String!, $parentId: ID) {
				createFolder(input: {projectID: $projId, name: $name, parentID: $parentId}) { ` + folderFields + ` } }`,
			Message: "folder created",
		},
		{
			Method: "GET", Path: "/projects/{projId}/folders/tree",
			Operation: `query FolderTree($projId: ID!) {
				folderTree(projectID: $projId) { id name parentID depth path childCount videoCount } }`,
			Message: "folder tree fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/folders/bulk-move",
			Operation: `mutation MoveFolders($projId: ID!, $folderIds: [ID!]!, $toFolderId: ID) {
				moveFolders(ids: $folderIds, toFolderID: $toFolderId, projectID: $projId) { ` + folderFields + ` } }`,
			Message: "folders moved",
		},
		{
			Method: "GET", Path: "/projects/{projId}/folders/{folderId}",
			Operation: `query Folder($projId: ID!, $folderId: ID!) {
				folder(id: $folderId, projectID: $projId) { ` + folderFields + ` } }`,
			Message: "folder fetched",
		},
		{
			Method: "PUT", Path: "/projects/{projId}/folders/{folderId}", BodyVar: "input",
			Operation: `mutation UpdateFolder($projId: ID!, $folderId: ID!, $input: UpdateFolderInput!) {
				updateFolder(id: $folderId, input: $input, projectID: $projId) { ` + folderFields + ` } }`,
			Message: "folder updated",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/folders/{folderId}",
			Operation: `mutation DeleteFolder($projId: ID!, $folderId: ID!, $contents: FolderContentAction = MOVE_TO_PARENT) {
				deleteFolder(id: $folderId, contents: $contents, projectID: $projId) }`,
			Message: "folder deleted",
		},
		{
			// docs/spec.md 4.1: the body is exactly {to_folder_id}; empty or null is the root.
			Method: "PUT", Path: "/projects/{projId}/folders/{folderId}/move",
			Operation: `mutation MoveFolder($projId: ID!, $folderId: ID!, $toFolderId: ID) {
				moveFolder(id: $folderId, toFolderID: $toFolderId, projectID: $projId) { ` + folderFields + ` } }`,
			Message: "folder moved",
		},
	}
}
