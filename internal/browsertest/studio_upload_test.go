package browsertest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// TestStudioUpload: a user uploads a real clip on the console's Upload screen
// over an uplink Chromium throttles to 192 KiB/s (so the upload takes several
// seconds and its progress is what the server receives), pauses and resumes
// it, reloads the page midway, chooses the same file again and sees it go on
// from the server's offset; the video's processing is followed live until it
// is ready, and its link opens it. A second file dropped on the drop zone
// uploads too, while the user visits another screen and comes back; a third
// is canceled and its video deleted (browser/studio/scenarios/upload.mjs).
// Both videos end ready with exactly the files' bytes.
func TestStudioUpload(t *testing.T) {
	dir := t.TempDir()
	first := copyClip(t, clip.Make(t, 8, 640, 360, 30), filepath.Join(dir, "clip.mp4"))
	second := copyClip(t, clip.Make(t, 2, 320, 240, 25), filepath.Join(dir, "short.mp4"))
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		res := browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "upload", Shots: studioShots(t), Timeout: 4 * time.Minute,
			Env: map[string]any{"clip": first, "second": second},
		})
		t.Logf("the server had %s bytes after the reload; steps (ms) %v", res.Values["offsetAtReload"], res.Steps)
		// The server's record agrees: each video is ready with exactly the file's
		// bytes, received by one tus upload (the resumed one) of its token.
		for name, path := range map[string]string{"clipVideo": first, "secondVideo": second} {
			id, err := uuid.Parse(strings.Trim(string(res.Values[name]), `"`))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			v, err := s.App.DB.Client.Video.Get(apptest.System(), id)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != video.StatusReady || v.Size != info.Size() {
				t.Errorf("%s: video %s is %s (%s) with %d bytes; want ready with %d", name, id, v.Status, v.FailureReason, v.Size, info.Size())
			}
			tok, err := s.App.DB.Client.UploadToken.Query().Where(uploadtoken.VideoID(id)).Only(apptest.System())
			if err != nil {
				t.Fatal(err)
			}
			if tok.UploadID == nil || tok.CompletedAt == nil {
				t.Errorf("%s: the token's upload is %v, completed %v", name, tok.UploadID, tok.CompletedAt)
			}
		}
	})
}

// copyClip copies the clip at from to to (a name of the test's choosing) and returns to.
func copyClip(t *testing.T, from, to string) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return to
}
