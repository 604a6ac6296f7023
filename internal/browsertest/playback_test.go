package browsertest_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// PlayResult is what browser/pages/play.js reports.
type PlayResult struct {
	Played        [][2]float64
	PlayedSeconds float64
	PlayingMs     float64
	Duration      float64
	CurrentTime   float64
	Levels        []struct{ Width, Height, Bitrate int }
	Events        []struct {
		E  string
		At int
		Pt int
	}
	HlsErrors []struct {
		Type, Details string
		Fatal         bool
	}
	Beacon *struct {
		ViewID, SessionID string
		Sent              []int
	}
	UserAgent string
	Trace     [][4]int
}

// desktopUA is Debian Chromium's user agent without "Headless", as a viewer's
// browser sends it.
const desktopUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"

// TestHLSPlaysVidraVideoInChromium is the harness's own proof: a real hls.js
// (browser/package-lock.json) in Debian's headless Chromium plays a transcoded
// Vidra video from /v1/play/{id}/master.m3u8 with CMCD request mode on, by a
// script of play, pause, seek and play; video.played must match the script and the
// time the page spent in the playing state.
func TestHLSPlaysVidraVideoInChromium(t *testing.T) {
	browsertest.Chromium(t)
	browsertest.Modules(t)
	s := apptest.New(t, dialect.SQLite)
	proj := s.CreateProject(s.CreateOrganization("Acme"), "Browser")
	videoID := browsertest.ReadyVideo(t, s, proj, 24)

	site := browsertest.NewSite(t, browsertest.SiteOptions{Backend: s.URL})
	var res PlayResult
	browsertest.Run(t, browsertest.RunOptions{
		URL: site.PageURL(t, "play.html", map[string]any{
			"src":   "/v1/play/" + videoID + "/master.m3u8",
			"steps": []map[string]float64{{"play": 6}, {"pause": 1}, {"seek": 15}, {"play": 4}},
			"cmcd":  map[string]any{"sessionId": "harness-session", "contentId": videoID},
		}),
		UserAgent: desktopUA,
		Timeout:   60 * time.Second,
	}, &res)
	t.Logf("played %v (%.2f s), playing %d ms, duration %.2f, levels %+v, hls errors %+v",
		res.Played, res.PlayedSeconds, int(res.PlayingMs), res.Duration, res.Levels, res.HlsErrors)
	t.Logf("media events %+v\n(wall ms, playhead ms, readyState, paused) each second: %v", res.Events, res.Trace)

	if math.Abs(res.Duration-24) > 0.5 {
		t.Errorf("duration %.2f, want 24", res.Duration)
	}
	if len(res.Played) != 2 || res.Played[0][0] > 0.3 || math.Abs(res.Played[0][1]-6) > 0.5 ||
		math.Abs(res.Played[1][0]-15) > 0.1 || math.Abs(res.Played[1][1]-19) > 0.5 {
		t.Errorf("played ranges %v, want about [0 6] [15 19]", res.Played)
	}
	if math.Abs(res.PlayingMs/1000-res.PlayedSeconds) > 1 {
		t.Errorf("time playing %.2f s vs played ranges %.2f s: more than 1 s apart", res.PlayingMs/1000, res.PlayedSeconds)
	}
	if len(res.Levels) == 0 || res.Levels[0].Height != 360 {
		t.Errorf("levels %+v, want the 360p rendition", res.Levels)
	}
	for _, e := range res.HlsErrors {
		if e.Fatal {
			t.Errorf("fatal hls.js error %+v", e)
		}
	}
	// The segments came from Vidra, each request carrying CMCD (request mode).
	var segments, withCMCD int
	for _, r := range site.Requests("/v1/play/" + videoID + "/") {
		if strings.HasSuffix(r.Path, ".ts") || strings.HasSuffix(r.Path, ".m4s") {
			segments++
			if r.Status != 200 && r.Status != 206 {
				t.Errorf("segment %s answered %d", r.Path, r.Status)
			}
			if strings.Contains(r.Query, "CMCD=") && strings.Contains(r.Query, "harness-session") {
				withCMCD++
			}
		}
	}
	if segments == 0 || withCMCD != segments {
		t.Errorf("%d segments served, %d with the CMCD session", segments, withCMCD)
	}
}
