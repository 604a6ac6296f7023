package app_test

import (
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
)

// readyVideoWithCaption uploads data as a video of proj, waits until it is ready
// and adds a caption, so it has blobs of every kind: source, renditions,
// thumbnails, storyboard and a caption file.
func readyVideoWithCaption(t *testing.T, s *apptest.Server, proj string, data []byte) string {
	t.Helper()
	id := readyVideo(t, s, proj, data)
	res := s.GraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "en", file: $file) { id } }`,
		map[string]any{"v": id}, apptest.File{Var: "file", Name: "en.vtt", Content: []byte("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n")})
	if len(res.Errors) > 0 {
		t.Fatalf("uploadCaption: %+v", res.Errors)
	}
	return id
}

// videoBlobs lists a video's files in the blob storage: the media pipeline's and
// the project's (captions).
func videoBlobs(t *testing.T, s *apptest.Server, proj, id string) []string {
	t.Helper()
	return append(blobFiles(t, s, "videos/"+id), blobFiles(t, s, "projects/"+proj+"/videos/"+id)...)
}

// waitBlobsGone polls until the video has no file left in the blob storage.
func waitBlobsGone(t *testing.T, s *apptest.Server, proj, id string) {
	t.Helper()
	var left []string
	if !poll.Within(time.Minute, func() bool { left = videoBlobs(t, s, proj, id); return len(left) == 0 }) {
		t.Fatalf("video %s still has %d blobs: %v", id, len(left), left)
	}
}

// TestDeletedVideosLoseTheirBlobs: a refused delete (anonymous, another
// organization's user) leaves every blob of the video; a video delete and a
// project delete remove them all from the storage directory after commit, and
// the owed removals are drained.
func TestDeletedVideosLoseTheirBlobs(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 2, 320, 240, 25))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Media")
		id := readyVideoWithCaption(t, s, proj, data)
		before := videoBlobs(t, s, proj, id)
		// source, master and rendition playlists, segments, 3 thumbnails, sprite, VTT, caption
		if len(before) < 9 {
			t.Fatalf("the ready video has %d blobs: %v", len(before), before)
		}
		path := "/v1/projects/" + proj + "/videos/" + id

		if st, env := s.Anonymous().REST("DELETE", path, ""); st != http.StatusUnauthorized {
			t.Errorf("anonymous delete = %d %+v", st, env)
		}
		outsider := s.As(s.SignUp("outsider@example.test", apptest.DefaultPassword, "Outsider").AccessToken)
		if st, env := outsider.REST("DELETE", path, ""); st != http.StatusNotFound {
			t.Errorf("outsider delete = %d %+v", st, env)
		}
		// Once nothing is owed, every blob is still there.
		waitNothingOwed(t, s)
		if after := videoBlobs(t, s, proj, id); len(after) != len(before) {
			t.Fatalf("refused deletes removed blobs: %d of %d left", len(after), len(before))
		}
		if st, env := s.REST("DELETE", path, ""); st != http.StatusOK {
			t.Fatalf("delete = %d %+v", st, env)
		}
		waitBlobsGone(t, s, proj, id)
		// Its storage stopped being billed with the delete.
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND deleted_at IS NULL`, id); n != 0 {
			t.Errorf("the deleted video still has %d stored objects billed", n)
		}

		// A project delete removes its videos' blobs too.
		other := s.CreateProject(org, "Doomed")
		kept := readyVideoWithCaption(t, s, proj, data)
		doomed := readyVideoWithCaption(t, s, other, data)
		if st, env := s.REST("DELETE", "/v1/projects/"+other, ""); st != http.StatusOK {
			t.Fatalf("project delete = %d %+v", st, env)
		}
		waitBlobsGone(t, s, other, doomed)
		if files := blobFiles(t, s, "projects/"+other); len(files) != 0 {
			t.Errorf("the deleted project keeps %v", files)
		}
		if left := videoBlobs(t, s, proj, kept); len(left) < len(before) {
			t.Errorf("another project's video lost blobs: %d of %d left", len(left), len(before))
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND deleted_at IS NULL`, doomed); n != 0 {
			t.Errorf("the deleted project's video still has %d stored objects billed", n)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND deleted_at IS NULL`, kept); n != 2 {
			t.Errorf("the kept video has %d stored objects billed, want 2 (source, HLS)", n)
		}
		waitNothingOwed(t, s)
	})
}

// waitNothingOwed polls until no blob deletion is owed: every recorded one was
// carried out (or dropped) by its job.
func waitNothingOwed(t *testing.T, s *apptest.Server) {
	t.Helper()
	var owed int
	if !poll.Within(time.Minute, func() bool { owed = s.SQLInt(`SELECT COUNT(*) FROM blob_deletions`); return owed == 0 }) {
		t.Fatalf("%d blob deletions still owed", owed)
	}
}
