package graph_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestVideoChildOperationsCheckTheProject: the operations on a video's captions,
// chapters and metadata take an optional projectID (REST nests them under
// /projects/{projId}); a video of another project is NOT_FOUND, the right project
// works, and leaving projectID out works as before.
func TestVideoChildOperationsCheckTheProject(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj, other := s.CreateProject(org, "Docs"), s.CreateProject(org, "Other")
		video := s.CreateVideo(proj, "", "clip")
		vtt := apptest.File{Var: "file", Name: "en.vtt", Content: []byte("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")}
		upload := `mutation($v: ID!, $p: ID, $file: Upload!) { uploadCaption(videoID: $v, language: "en", file: $file, projectID: $p) { id } }`
		var up struct{ UploadCaption struct{ ID string } }
		mustUpload(t, s, upload, map[string]any{"v": video, "p": proj}, vtt, &up)
		wantUploadError(t, s, "NOT_FOUND", upload, map[string]any{"v": video, "p": other}, vtt)
		caption := up.UploadCaption.ID

		ops := []struct {
			name, query string
			vars        map[string]any
		}{
			{"caption", `query($v: ID!, $c: ID!, $p: ID) { caption(videoID: $v, id: $c, projectID: $p) { id } }`, map[string]any{"c": caption}},
			{"videoCaptions", `query($v: ID!, $p: ID) { videoCaptions(videoID: $v, projectID: $p) { id } }`, nil},
			{"videoChapters", `query($v: ID!, $p: ID) { videoChapters(videoID: $v, projectID: $p) { id } }`, nil},
			{"videoChaptersWebVTT", `query($v: ID!, $p: ID) { videoChaptersWebVTT(videoID: $v, projectID: $p) }`, nil},
			{"setVideoChapters", `mutation($v: ID!, $p: ID) { setVideoChapters(videoID: $v, chapters: [{title: "Intro", startSeconds: 0}], projectID: $p) { id } }`, nil},
			{"videoMetadata", `query($v: ID!, $p: ID) { videoMetadata(videoID: $v, projectID: $p) { key } }`, nil},
			{"upsertVideoMetadata", `mutation($v: ID!, $p: ID) { upsertVideoMetadata(videoID: $v, entries: [{key: "k", value: "v"}], projectID: $p) { key } }`, nil},
			// Last, as it removes the caption the others read.
			{"deleteCaption", `mutation($v: ID!, $c: ID!, $p: ID) { deleteCaption(videoID: $v, id: $c, projectID: $p) }`, map[string]any{"c": caption}},
		}
		for _, op := range ops {
			vars := func(p any) map[string]any {
				m := map[string]any{"v": video, "p": p}
				for k, v := range op.vars {
					m[k] = v
				}
				return m
			}
			wantOpError(t, s, "NOT_FOUND", "", op.query, vars(other))
			if res := s.GraphQL(op.query, vars(proj)); len(res.Errors) > 0 {
				t.Fatalf("%s in its project: %+v", op.name, res.Errors)
			}
			if op.name == "deleteCaption" { // without projectID, on a caption still there
				mustUpload(t, s, upload, map[string]any{"v": video, "p": nil}, vtt, &up)
				op.vars["c"] = up.UploadCaption.ID
			}
			if res := s.GraphQL(op.query, vars(nil)); len(res.Errors) > 0 {
				t.Fatalf("%s without projectID: %+v", op.name, res.Errors)
			}
		}
		wantOpError(t, s, "NOT_FOUND", "", `query($v: ID!, $c: ID!) { caption(videoID: $v, id: $c) { id } }`, map[string]any{"v": video, "c": up.UploadCaption.ID})
	})
}
