package app_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// TestDefaultEncodingProfileSetsTheLadder: a project whose default encoding
// profile has one 240p rung gets exactly one 240p rendition from a 360p clip, and
// the master playlist lists the video's caption as a SUBTITLES rendition whose
// playlist and WebVTT play.
func TestDefaultEncodingProfileSetsTheLadder(t *testing.T) {
	src := clip.Make(t, 3, 640, 360, 30)
	data, _ := os.ReadFile(src)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Small")
		var p struct{ CreateEncodingProfile struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createEncodingProfile(projectID: $p, input: {name: "Tiny",
			renditions: [{height: 240, videoBitrateKbps: 300, audioBitrateKbps: 64}]}) { id } }`, map[string]any{"p": proj}, &p)
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { setDefaultEncodingProfile(projectID: $p, id: $id) { id } }`,
			map[string]any{"p": proj, "id": p.CreateEncodingProfile.ID}, nil)

		token, videoID := s.UploadToken(proj, 0)
		s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "en", label: "English", file: $file) { id } }`,
			map[string]any{"v": videoID}, nil, apptest.File{Var: "file", Name: "en.vtt", Content: []byte(testCaption)})
		s.TusUpload(token, data)
		v := s.WaitVideo(videoID, 2*time.Minute)
		if v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		if got := renditionsOf(v); got != "240p:ready audio:ready" {
			t.Fatalf("renditions = %s, want exactly 240p and the sound", got)
		}
		// 640x360 scaled to 240 high is 426.7 wide: rounded, then made even.
		w, h, err := ffprobeURL(t, *v.PlaybackURL)
		if err != nil || w != 428 || h != 240 {
			t.Fatalf("ffprobe %s: %dx%d %v", *v.PlaybackURL, w, h, err)
		}

		base := "/v1/play/" + videoID
		st, master := s.Get(base + "/master.m3u8")
		want := `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="captions/en.m3u8"`
		if st != http.StatusOK || !strings.Contains(string(master), want) ||
			// One video variant (240p) and the sound-only one, both with the captions.
			strings.Count(string(master), `SUBTITLES="subs"`) != 2 || strings.Count(string(master), "#EXT-X-STREAM-INF:") != 2 {
			t.Fatalf("master = %d\n%s", st, master)
		}
		st, sub := s.Get(base + "/captions/en.m3u8")
		if st != http.StatusOK || !strings.Contains(string(sub), "#EXT-X-TARGETDURATION:3\n") || !strings.Contains(string(sub), "\nen.vtt\n") {
			t.Fatalf("subtitle playlist = %d\n%s", st, sub)
		}
		if st, vtt := s.Get(base + "/captions/en.vtt"); st != http.StatusOK || string(vtt) != testCaption {
			t.Errorf("caption = %d %q", st, vtt)
		}
	})
}
