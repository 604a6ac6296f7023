package browsertest_test

import (
	"math"
	"strings"
	"testing"

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
	Fatal  string
	Beacon *struct {
		ViewID, SessionID string
		Sent              []int
	}
	UserAgent string
	Trace     [][4]int
}

// desktopUA is Debian Chromium's user agent without "Headless", as a viewer's
// browser sends it (analytics drop HeadlessChrome as a bot).
const desktopUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"

// checkPlayback checks what the browser saw against the page's script: the
// duration, video.played close to want (the first range may start after 0: the
// clip's first frame is at 0.18 s and hls.js skips the hole), the 360p rendition,
// no fatal hls.js error, and every segment served by Vidra with the CMCD session
// sid in its query (hls.js request mode).
func checkPlayback(t *testing.T, res PlayResult, duration float64, want [][2]float64, site *browsertest.Site, videoID, sid string) {
	t.Helper()
	t.Logf("played %v (%.2f s), playing %d ms, duration %.2f, levels %+v, hls errors %+v",
		res.Played, res.PlayedSeconds, int(res.PlayingMs), res.Duration, res.Levels, res.HlsErrors)
	t.Logf("media events %+v\n(wall ms, playhead ms, readyState, paused) each second: %v", res.Events, res.Trace)
	if math.Abs(res.Duration-duration) > 0.5 {
		t.Errorf("duration %.2f, want %.0f", res.Duration, duration)
	}
	ok := len(res.Played) == len(want)
	for i := 0; ok && i < len(want); i++ {
		start := math.Abs(res.Played[i][0] - want[i][0])
		if i == 0 {
			start = res.Played[0][0] - want[0][0]
		}
		ok = start >= -0.1 && start <= 0.3 && math.Abs(res.Played[i][1]-want[i][1]) <= 0.5
	}
	if !ok {
		t.Fatalf("played ranges %v, want about %v", res.Played, want)
	}
	if len(res.Levels) == 0 || res.Levels[0].Height != 360 {
		t.Errorf("levels %+v, want the 360p rendition", res.Levels)
	}
	for _, e := range res.HlsErrors {
		if e.Fatal {
			t.Errorf("fatal hls.js error %+v", e)
		}
	}
	var segments, withSID int
	for _, r := range site.Requests("/v1/play/" + videoID + "/") {
		if strings.HasSuffix(r.Path, ".ts") || strings.HasSuffix(r.Path, ".m4s") {
			segments++
			if r.Status != 200 && r.Status != 206 {
				t.Errorf("segment %s answered %d", r.Path, r.Status)
			}
			if strings.Contains(r.Query, "CMCD=") && strings.Contains(r.Query, sid) {
				withSID++
			}
		}
	}
	if segments == 0 || withSID != segments {
		t.Errorf("%d segments served, %d with the CMCD session %s", segments, withSID, sid)
	}
}
