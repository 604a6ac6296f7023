package browsertest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// TestStudioVideo: the owner of a project with a real transcoded clip signs in
// to the console and opens the video's page (browser/studio/scenarios/video.mjs):
// the Vidra player in its iframe plays, the title, a tag and a metadata key are
// saved (and still there after a reload), a WebVTT file is uploaded as a caption
// and its text corrected, automatic captions are requested (and end), two
// chapters are added and one edited, the embed code is copied, an
// MP4 download is requested and its link appears once ready; a video without
// its file shows its status instead of the player, and the player without a
// reload once its file (uploaded meanwhile) is processed; the video is deleted
// and the console goes back to the library. On both databases; axe-core finds
// no serious violation.
func TestStudioVideo(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		// The project in the default user's current (personal) organization, the
		// one the console opens after signing in as that user.
		var created struct{ CreateProject struct{ ID string } }
		s.MustGraphQL(`mutation { createProject(input: {name: "Launch films"}) { id } }`, nil, &created)
		project := created.CreateProject.ID
		videoID := browsertest.ReadyVideo(t, s, project, 8)
		s.MustGraphQL(`mutation($id: ID!) { updateVideo(id: $id, input: {title: "Harbour at dawn"}) { id } }`,
			map[string]any{"id": videoID}, nil)
		// A clip the scenario uploads into a video it watches become ready.
		clipFile := clip.Make(t, 4, 640, 360, 25)

		captions := filepath.Join(t.TempDir(), "harbour.vtt")
		vtt := "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nBoats leave the harbour.\n\n00:00:03.000 --> 00:00:06.000\nThe gulls follow them.\n"
		if err := os.WriteFile(captions, []byte(vtt), 0o644); err != nil {
			t.Fatal(err)
		}
		res := browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "video", Shots: studioShots(t), Timeout: 4 * time.Minute,
			Env: map[string]any{
				"email": apptest.DefaultEmail, "password": apptest.DefaultPassword,
				"project": project, "video": videoID, "clipFile": clipFile, "captionFile": captions,
			},
		})
		t.Logf("playhead %s, empty title refused with %s, caption generation %s, MP4 download %s bytes",
			res.Values["playhead"], res.Values["emptyTitleError"], res.Values["generation"], res.Values["downloadBytes"])
		if raw := string(res.Values["embedCode"]); !strings.Contains(raw, "/embed/"+videoID) {
			t.Errorf("copied embed code %s does not embed the video", raw)
		}
		if code := s.ErrorCode(`query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": videoID}); code != "NOT_FOUND" {
			t.Errorf("the deleted video answers %q, want NOT_FOUND", code)
		}
	})
}
