package browsertest

import (
	"encoding/json"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// ReadyVideo makes a clip of the given length with ffmpeg (internal/clip, 640x360),
// uploads it over tus into the project and waits until Vidra has transcoded it; it
// returns the video's id.
func ReadyVideo(t testing.TB, s *apptest.Server, projectID string, seconds int) string {
	t.Helper()
	data, err := os.ReadFile(clip.Make(t, seconds, 640, 360, 25))
	if err != nil {
		t.Fatal(err)
	}
	token, videoID := s.UploadToken(projectID, 0)
	s.TusUpload(token, data)
	v := s.WaitVideo(videoID, 3*time.Minute)
	if v.Status != "ready" {
		t.Fatalf("video %s: %s", v.Status, v.FailureReason)
	}
	return videoID
}

// PageURL is the address of a page of browser/pages on the site, with its
// configuration (any JSON value) in the query parameter cfg, as play.js reads it.
func (s *Site) PageURL(t testing.TB, page string, cfg any) string {
	t.Helper()
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s.URL + "/harness/" + page + "?cfg=" + url.QueryEscape(string(raw))
}
