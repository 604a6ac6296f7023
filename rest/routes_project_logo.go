package rest

// projectLogoRoutes are the rows of a project's logo.
func projectLogoRoutes() []Route {
	return []Route{
		{
			// Multipart: the part named file fills $file (PNG, JPEG, GIF or WebP, at most 2 MiB).
			Method: "PUT", Path: "/projects/{projId}/logo",
			Operation: `mutation UploadProjectLogo($projId: ID!, $file: Upload!) {
				uploadProjectLogo(projectID: $projId, file: $file) { ` + projectFields + ` } }`,
			Message: "project logo uploaded",
		},
	}
}
