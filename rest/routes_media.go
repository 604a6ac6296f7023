package rest

// mediaRoutes are the REST rows of the media pipeline (ROUTES.md "Upload, import,
// transcode", thumbnails, timelines and POST /key). Rows under a project pass
// $projId, so a video of another project is NOT_FOUND there. Tus uploads
// (/v1/uploads/) and playback (/v1/play/...) are protocols served by plain
// handlers, not rows.
//
// Not here because not built: the Vimeo importer rows. Transcoding jobs are in
// routes_transcoding.go.
func mediaRoutes() []Route {
	return []Route{
		{
			Method: "POST", Path: "/projects/{projId}/upload-tokens", BodyVar: "input",
			Message: "upload token created",
			Operation: `mutation($projId: ID!, $input: CreateUploadTokenInput!) {
  createUploadToken(projectID: $projId, input: $input) {
    token expiresAt maxSize uploadURL directUploadURL video { id title status }
  }
}`,
		},
		{
			Method: "POST", Path: "/projects/{projId}/videos/pull", BodyVar: "input",
			Message: "video import started",
			Operation: `mutation($projId: ID!, $input: PullVideoInput!) {
  pullVideo(projectID: $projId, input: $input) { id title status sourceURL }
}`,
		},
		{
			Method: "PUT", Path: "/projects/{projId}/videos/{videoId}/thumbnail",
			Message: "thumbnail uploaded",
			Operation: `mutation($projId: ID!, $videoId: ID!, $file: Upload!) {
  uploadThumbnail(videoID: $videoId, file: $file, projectID: $projId) { id url kind isDefault width height }
}`,
		},
		{
			Method: "PUT", Path: "/projects/{projId}/videos/{videoId}/thumbnails/{thumbnailId}/default",
			Message: "thumbnail marked as default",
			Operation: `mutation($projId: ID!, $videoId: ID!, $thumbnailId: ID!) {
  setDefaultThumbnail(videoID: $videoId, thumbnailID: $thumbnailId, projectID: $projId) { id url kind isDefault }
}`,
		},
		{
			Method: "GET", Path: "/projects/{projId}/videos/{videoId}/timelines",
			Message: "video timelines fetched",
			Operation: `query($projId: ID!, $videoId: ID!) {
  videoTimeline(videoID: $videoId, projectID: $projId) { spriteURL vttURL interval columns rows tileWidth tileHeight }
}`,
		},
		// Body: {"video_id", "project_id" (optional scoping), "expires_in" (optional seconds)}.
		{
			Method: "POST", Path: "/key",
			Message: "playback token created",
			Operation: `mutation($videoId: ID!, $projectId: ID, $expiresIn: Int) {
  createPlaybackToken(videoID: $videoId, projectID: $projectId, expiresIn: $expiresIn) { token expiresAt playbackURL }
}`,
		},
	}
}
