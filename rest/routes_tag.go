package rest

// tagFields are the fields of a tag in every tag row's result.
const tagFields = `id createdAt updatedAt projectID name`

// tagRoutes are the rows of tags.
func tagRoutes() []Route {
	return []Route{
		{
			// Newest first unless ?sort= says otherwise; ?q= finds tags by name.
			Method: "GET", Path: "/projects/{projId}/tags", ResultPath: "tags",
			Filters: map[string]string{"q": "nameContainsFold"},
			Operation: `query Tags($projId: ID!, $first: Int, $after: Cursor, $orderBy: TagOrder = ` + newestFirst + `, $where: TagWhereInput) {
				project(id: $projId) { tags(first: $first, after: $after, orderBy: $orderBy, where: $where) {
					edges { node { ` + tagFields + ` } } ` + pageInfo + ` } } }`,
			Message: "tags fetched",
		},
		{
			Method: "POST", Path: "/projects/{projId}/tags",
			Operation: `mutation CreateTag($projId: ID!, $name: String!) {
				createTag(input: {projectID: $projId, name: $name}) { ` + tagFields + ` } }`,
			Message: "tag created",
		},
		{
			Method: "DELETE", Path: "/projects/{projId}/tags/{tagId}",
			Operation: `mutation DeleteTag($projId: ID!, $tagId: ID!) { deleteTag(id: $tagId, projectID: $projId) }`,
			Message:   "tag deleted",
		},
	}
}
