package rest_test

import (
	"context"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/media"
)

// mediaContractCases are the contract cases of issue 7's rows: upload tokens,
// pulls, thumbnails, timelines and POST /key.
var mediaContractCases = []contractCase{
	{method: "POST", path: "/projects/{projId}/upload-tokens",
		body: `{"title": "Upload", "folder_id": "{folderId}", "max_size": 1000000, "expires_in": 3600}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"title": "Upload", "folderID": "{folderId}",
			"maxSize": 1000000, "expiresIn": 3600}},
		wrongType: `["Upload"]`, masked: []string{"token", "expires_at"}},
	// Port 9 (discard) refuses the connection, so the queued import fails at once.
	{method: "POST", path: "/projects/{projId}/videos/pull",
		body: `{"url": "http://127.0.0.1:9/clip.mp4", "title": "Pulled", "folder_id": "{folderId}"}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"url": "http://127.0.0.1:9/clip.mp4", "title": "Pulled",
			"folderID": "{folderId}"}},
		wrongType: `"http://127.0.0.1:9/clip.mp4"`},
	{method: "PUT", path: "/projects/{projId}/videos/{videoId}/thumbnail",
		parts:     []formPart{{name: "file", filename: "cover.png", contentType: "image/png", content: testPNG}},
		vars:      map[string]any{"projId": "{projId}", "videoId": "{videoId}"},
		fileLimit: 10 << 20},
	{method: "PUT", path: "/projects/{projId}/videos/{videoId}/thumbnails/{thumbnailId}/default",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "thumbnailId": "{thumbnailId}"}},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/timelines",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},
	{method: "POST", path: "/key", body: `{"video_id": "{videoId}", "project_id": "{projId}", "expires_in": 600}`,
		vars:      map[string]any{"videoId": "{videoId}", "projectId": "{projId}", "expiresIn": 600},
		wrongType: `["{videoId}"]`, masked: []string{"token", "expires_at", "playback_url"}},
}

func init() {
	contractCases = append(contractCases, mediaContractCases...)
	moreFixtures = append(moreFixtures, mediaFixtures)
}

// mediaFixtures gives the video of each project an uploaded thumbnail and a
// storyboard. The storyboard is written to the row as the transcoder records it
// (the media end-to-end tests make real ones with ffmpeg); here only the REST
// contract of reading it is under test.
func mediaFixtures(s *apptest.Server, f fixtures) {
	for _, prefix := range []string{"", "other:"} {
		video := f[prefix+"videoId"]
		var th struct{ UploadThumbnail struct{ ID string } }
		s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadThumbnail(videoID: $v, file: $file) { id } }`,
			map[string]any{"v": video}, &th, apptest.File{Var: "file", Name: "thumb.png", Content: []byte(testPNG)})
		f[prefix+"thumbnailId"] = th.UploadThumbnail.ID
		err := s.App.DB.Client.Video.UpdateOneID(uuid.MustParse(video)).
			SetStoryboard(&media.Storyboard{Interval: 2, Columns: 5, Rows: 1, TileWidth: 160, TileHeight: 90, Frames: 5}).
			Exec(tenancy.SystemContext(context.Background(), "test fixture: a processed video's storyboard"))
		if err != nil {
			panic(err)
		}
	}
}

// TestPlaybackKeyRow: POST /key refuses a malformed, unknown or other-project
// video id and a lifetime outside the project's bounds, and signs within them.
func TestPlaybackKeyRow(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		f := newFixtures(s)
		s.MustGraphQL(`mutation($p: ID!) { putAccessControl(projectID: $p, input: {tokenTTLMin: 60, tokenTTLDefault: 120, tokenTTLMax: 300}) { id } }`,
			map[string]any{"p": f["projId"]}, nil)
		cases := []struct {
			name, body string
			status     int
		}{
			{"malformed video id", `{"video_id": "not-a-uuid"}`, 400},
			{"unknown video", `{"video_id": "` + uuid.NewString() + `"}`, 404},
			{"video of another project", f.fill(`{"video_id": "{other:videoId}", "project_id": "{projId}"}`), 404},
			{"lifetime under the minimum", f.fill(`{"video_id": "{videoId}", "expires_in": 59}`), 422},
			{"lifetime over the maximum", f.fill(`{"video_id": "{videoId}", "expires_in": 301}`), 422},
			{"no video id", `{}`, 400},
			{"within the bounds", f.fill(`{"video_id": "{videoId}", "expires_in": 300}`), 200},
			{"the default lifetime", f.fill(`{"video_id": "{videoId}", "project_id": "{projId}"}`), 200},
		}
		for _, c := range cases {
			status, env := s.REST("POST", "/v1/key", c.body)
			if status != c.status || env.Success != (c.status == 200) {
				t.Errorf("%s: status %d, envelope %+v; want %d", c.name, status, env, c.status)
			}
		}
	})
}
