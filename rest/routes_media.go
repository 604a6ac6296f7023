package rest

// mediaRoutes are the REST rows of the media pipeline (docs/ROUTES.md "Upload, import,
// transcode", thumbnails, timelines and POST /key). Rows under a project pass
// $projId, so a video of another project is NOT_FOUND there. Tus uploads
// (/v1/uploads/) and playback (/v1/play/...) are protocols served by plain
// handlers, not rows.
//
// The importer rows (set importer, sync, the Vimeo job list, videos by migration
// id, import, pull videos) are in importerRoutes below. Transcoding jobs are in
// routes_transcoding.go.
func mediaRoutes() []Route {
	return append([]Route{
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
  createPlaybackToken(videoID: $videoId, projectID: $projectId, expiresIn: $expiresIn) { token expiresAt playbackURL dashURL downloadURLs }
}`,
		},
	}, importerRoutes()...)
}

// importMigrationFields are a migration's fields in the importer rows.
const importMigrationFields = `id createdAt updatedAt projectID importerID provider status failureReason total itemCount startedAt completedAt`

// importItemFields are an import item's fields: the provider's video, its chosen
// download (the link itself is not shown: it carries the provider's signature),
// and its import state with the video it became.
const importItemFields = `id createdAt providerID name description duration downloadable downloadQuality downloadSize width height
    state failureReason videoID importedAt video { id title status }`

// importerRoutes are the Vimeo importer (docs/ROUTES.md "set importer", "vimeo job list /
// videos by migration id", "sync import / import videos / Get pull videos"):
//   - POST /projects/{projId}/importers {provider: "vimeo", credential}: sets the
//     project's importer after checking the access token with Vimeo (GET /me); a
//     refused token is 422 naming credential. The credential is never returned.
//   - POST .../importers/sync (body optional, {provider}, default vimeo): a new
//     pending migration, synced by a job (pending -> running -> done | failed with
//     failure_reason); while one is pending or running that one is returned.
//   - GET .../importers/vimeo/jobs: the project's Vimeo migrations, newest first.
//   - GET .../importers/jobs/{migrationId}/videos: the videos a migration found,
//     in Vimeo's order, each with state not_imported | importing | imported | failed.
//   - POST .../importers/import {migration_id, video_ids}: imports the named Vimeo
//     videos of a done migration (every importable one when video_ids is empty or
//     absent) through the pull-from-URL path; idempotent (imported or importing
//     ones are left alone, failed ones retried). Returns the chosen items.
//   - GET .../importers/pull-videos: the project's videos created by importers,
//     pulled from a URL or imported from Vimeo (videos with a source URL), newest
//     first, with their status.
func importerRoutes() []Route {
	return []Route{
		{
			Method: "POST", Path: "/projects/{projId}/importers", BodyVar: "input",
			Message: "importer set",
			Operation: `mutation($projId: ID!, $input: SetImporterInput!) {
  setImporter(projectID: $projId, input: $input) { id createdAt updatedAt projectID provider credentialLast4 accountName accountURI }
}`,
		},
		{
			Method: "POST", Path: "/projects/{projId}/importers/sync",
			Message: "import sync started",
			Operation: `mutation($projId: ID!, $provider: ImporterProvider) {
  syncImporter(projectID: $projId, provider: $provider) { ` + importMigrationFields + ` }
}`,
		},
		{
			Method: "GET", Path: "/projects/{projId}/importers/vimeo/jobs",
			Message: "vimeo import jobs fetched",
			Operation: `query($projId: ID!, $first: Int, $after: Cursor) {
  importMigrations(projectID: $projId, provider: vimeo, first: $first, after: $after) {
    edges { node { ` + importMigrationFields + ` } } ` + pageInfo + `
  }
}`,
		},
		{
			Method: "GET", Path: "/projects/{projId}/importers/jobs/{migrationId}/videos",
			Message: "import videos fetched",
			Operation: `query($projId: ID!, $migrationId: ID!, $first: Int, $after: Cursor) {
  importMigrationItems(projectID: $projId, migrationID: $migrationId, first: $first, after: $after) {
    edges { node { ` + importItemFields + ` } } ` + pageInfo + `
  }
}`,
		},
		{
			Method: "POST", Path: "/projects/{projId}/importers/import", BodyVar: "input",
			Message: "video import started",
			Operation: `mutation($projId: ID!, $input: ImportVideosInput!) {
  importVideos(projectID: $projId, input: $input) { ` + importItemFields + ` }
}`,
		},
		{
			Method: "GET", Path: "/projects/{projId}/importers/pull-videos",
			Message: "pulled videos fetched",
			Operation: `query($projId: ID!, $first: Int, $after: Cursor) {
  pulledVideos(projectID: $projId, first: $first, after: $after) {
    edges { node { id createdAt title status failureReason sourceURL size duration } } ` + pageInfo + `
  }
}`,
		},
	}
}
