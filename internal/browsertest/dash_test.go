package browsertest_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// DashResult is what browser/pages/dashplay.js reports.
type DashResult struct {
	Played                  [][2]float64
	PlayedSeconds           float64
	Duration                float64
	VideoWidth, VideoHeight int
	Video, Audio            []struct {
		ID            string
		Width, Height int
		Bandwidth     int
	}
	Text          []string
	DecodedFrames int
	AudioBytes    int
	Errors        []struct {
		Code    int
		Message string
	}
	Version string
}

// TestHLSAndDASHPlayTheSameFiles plays one CMAF video in Chromium twice: with
// hls.js from its HLS master and with dash.js from its MPD. Both play the
// picture and the sound from the same files (the 360p rendition's and the
// sound rendition's init segments and fragments), and dash.js finds the
// caption track the MPD lists.
func TestHLSAndDASHPlayTheSameFiles(t *testing.T) {
	t.Parallel()
	browsertest.Chromium(t)
	browsertest.Modules(t)
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := apptest.New(t, d, apptest.Options{})
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Packaging")
			videoID := browsertest.ReadyVideo(t, s, proj, 12)
			s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "en", label: "English", file: $file) { id } }`,
				map[string]any{"v": videoID}, nil, apptest.File{Var: "file", Name: "en.vtt",
					Content: []byte("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n")})
			site := browsertest.NewSite(t, browsertest.SiteOptions{Backend: s.URL})
			prefix := "/v1/play/" + videoID + "/"

			viewID := uuid.NewString()
			var hls PlayResult
			browsertest.Run(t, browsertest.RunOptions{
				URL: site.PageURL(t, "play.html", map[string]any{
					"src": prefix + "master.m3u8", "steps": []map[string]float64{{"play": 6}},
					"cmcd": map[string]any{"sessionId": viewID, "contentId": videoID},
				}),
				Timeout: 90 * time.Second,
			}, &hls)
			checkPlayback(t, hls, 12, [][2]float64{{0, 6}}, site, videoID, viewID)
			byHLS := fetched(site.Requests(prefix), prefix)
			before := len(site.Requests(prefix))

			var dash DashResult
			res := browsertest.Run(t, browsertest.RunOptions{
				URL:     site.PageURL(t, "dash.html", map[string]any{"src": prefix + "manifest.mpd", "play": 6}),
				Timeout: 90 * time.Second,
			}, &dash)
			t.Logf("dash.js %s: played %v, %dx%d, %d frames, %d audio bytes, video %+v, audio %+v, text %v, errors %+v; console %v",
				dash.Version, dash.Played, dash.VideoWidth, dash.VideoHeight, dash.DecodedFrames, dash.AudioBytes,
				dash.Video, dash.Audio, dash.Text, dash.Errors, res.Console)
			if len(dash.Errors) > 0 || dash.PlayedSeconds < 5.5 || math.Abs(dash.Duration-12) > 0.5 {
				t.Fatalf("dash.js played %.2f s of %.2f, errors %+v", dash.PlayedSeconds, dash.Duration, dash.Errors)
			}
			if dash.VideoWidth != 640 || dash.VideoHeight != 360 || dash.DecodedFrames < 100 {
				t.Errorf("dash.js picture %dx%d, %d frames decoded", dash.VideoWidth, dash.VideoHeight, dash.DecodedFrames)
			}
			if len(dash.Video) != 1 || dash.Video[0].Height != 360 || len(dash.Audio) != 1 {
				t.Errorf("dash.js representations: video %+v, audio %+v", dash.Video, dash.Audio)
			}
			if len(dash.Text) != 1 || dash.Text[0] != "en" {
				t.Errorf("dash.js text tracks %v, want the English captions", dash.Text)
			}
			byDASH := fetched(site.Requests(prefix)[before:], prefix)

			// An instant clip of 5 s to 10 s: dash.js presents from the first
			// segment kept (4 s) and stops exactly at the out point (6 s in all);
			// hls.js starts at the in point (EXT-X-START) of the playlists trimmed
			// at segment boundaries (4 s to 12 s).
			var dashClip DashResult
			browsertest.Run(t, browsertest.RunOptions{
				URL:     site.PageURL(t, "dash.html", map[string]any{"src": prefix + "manifest.mpd?start=5&end=10", "play": 10}),
				Timeout: 90 * time.Second,
			}, &dashClip)
			t.Logf("dash.js clip: duration %.3f, played %v; hls.js clip follows", dashClip.Duration, dashClip.Played)
			if len(dashClip.Errors) > 0 || math.Abs(dashClip.Duration-6) > 0.1 || dashClip.PlayedSeconds < 5.5 {
				t.Errorf("dash.js clip: duration %.3f, played %v, errors %+v", dashClip.Duration, dashClip.Played, dashClip.Errors)
			}
			var hlsClip PlayResult
			browsertest.Run(t, browsertest.RunOptions{
				URL: site.PageURL(t, "play.html", map[string]any{
					"src": prefix + "master.m3u8?start=5&end=10", "steps": []map[string]float64{{"play": 2}},
				}),
				Timeout: 90 * time.Second,
			}, &hlsClip)
			t.Logf("hls.js clip: duration %.3f, played %v", hlsClip.Duration, hlsClip.Played)
			if len(hlsClip.Played) == 0 || math.Abs(hlsClip.Played[0][0]-1) > 0.3 || math.Abs(hlsClip.Duration-8) > 0.5 {
				t.Errorf("hls.js clip: duration %.3f, played %v", hlsClip.Duration, hlsClip.Played)
			}
			// The files the HLS playlists name: what dash.js fetches must be among them.
			named := map[string]bool{}
			for _, rend := range []string{"360p", "audio"} {
				named[rend+"/init.mp4"] = true
				_, pl := s.Get(prefix + rend + "/index.m3u8")
				for _, l := range strings.Split(string(pl), "\n") {
					if strings.HasSuffix(l, ".m4s") {
						named[rend+"/"+l] = true
					}
				}
			}
			for _, f := range []string{"360p/init.mp4", "360p/seg_00000.m4s", "audio/init.mp4", "audio/seg_00000.m4s"} {
				if !byHLS[f] || !byDASH[f] {
					t.Errorf("%s: fetched by hls.js %v, by dash.js %v", f, byHLS[f], byDASH[f])
				}
			}
			for f := range byDASH {
				if !named[f] {
					t.Errorf("dash.js fetched %s, which no HLS playlist names", f)
				}
			}
		})
	}
}

// fetched is the set of media files (init segments and fragments, by path
// under prefix) of requests answered 200 or 206.
func fetched(reqs []browsertest.Request, prefix string) map[string]bool {
	out := map[string]bool{}
	for _, r := range reqs {
		if r.Status != 200 && r.Status != 206 {
			continue
		}
		if strings.HasSuffix(r.Path, ".m4s") || strings.HasSuffix(r.Path, ".mp4") {
			out[strings.TrimPrefix(r.Path, prefix)] = true
		}
	}
	return out
}
