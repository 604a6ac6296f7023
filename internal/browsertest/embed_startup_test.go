package browsertest_test

import (
	"encoding/json"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// clickWaitMs is how long the viewer of the startup test looks at the loaded
// page before clicking play: not part of the video startup time.
const clickWaitMs = 3000

// watchClick (evaluated in the host page) notes, in the framed player, when the
// viewer clicks (capture phase, before the player's own handler) and when the
// first frame after that click is presented (requestVideoFrameCallback, the
// video no longer paused), on the frame's clock.
const watchClick = `(() => {
  const w = document.querySelector('iframe').contentWindow, v = w.vidraPlayer.video;
  w.startupProbe = {};
  w.document.addEventListener('click', () => {
    if (w.startupProbe.clickMs) return;
    w.startupProbe.clickMs = w.performance.now();
    const next = () => v.requestVideoFrameCallback(() => {
      if (v.paused) return next();
      w.startupProbe.frameMs = w.performance.now();
    });
    next();
  }, true);
  return true;
})()`

// startupOf reads a view's video startup time (ms) through the analytics API
// (GraphQL analytics, metric video_startup_time, filtered to the view).
func startupOf(t *testing.T, s *apptest.Server, project, viewID string) float64 {
	t.Helper()
	var res struct {
		Analytics struct{ Metrics []struct{ Total *float64 } }
	}
	s.MustGraphQL(`query($p: ID!, $v: String!) { analytics(projectId: $p, query: {metrics: [{name: video_startup_time,
		filters: [{field: view_id, operator: equal, values: [$v]}]}]}) { metrics { total } } }`,
		map[string]any{"p": project, "v": viewID}, &res)
	if m := res.Analytics.Metrics; len(m) != 1 || m[0].Total == nil {
		t.Fatalf("video_startup_time of view %s: %+v", viewID, res)
	}
	return *res.Analytics.Metrics[0].Total
}

// TestBrowserEmbedStartupTime is issue 44's item 12: the video startup time
// stored for an embed view runs from the viewer's play request to the first
// frame (Mux Data's definition), not from the page's load. A viewer opens the
// page, waits 3 s, clicks play: the startup time read back through the analytics
// API must be within 0.5 s of the click-to-first-frame the page measured
// (requestVideoFrameCallback), and below the 3 s wait. With autoplay the play
// request is the player's own at load (its play event): the stored time must be
// within 0.3 s of the player's play-to-playing time. It also checks item 15 on the paused
// page: the control buttons are drawn with inline SVG (no emoji or other
// non-ASCII characters), labelled, and the icons put light pixels on screen
// inside their buttons (a screenshot, saved to browsertest.Artifacts).
func TestBrowserEmbedStartupTime(t *testing.T) {
	t.Parallel()
	browsertest.Chromium(t)
	browsertest.Modules(t)
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := apptest.New(t, d)
			shots := browsertest.Artifacts(t)
			f := uploadVideo(t, s, s.CreateOrganization("Acme"), "Startup", 8, nil)
			if v := s.WaitVideo(f.video, 4*time.Minute); v.Status != "ready" {
				t.Fatalf("video %s: %s %s", f.video, v.Status, v.FailureReason)
			}
			autoplay := createPlayer(s, f.project, `name: "Autoplay", autoplay: true, muted: true`, false)
			site := browsertest.NewSite(t, browsertest.SiteOptions{Backend: s.URL})
			open := func(t *testing.T, cfg map[string]any, actions []map[string]any) (embedState, browsertest.Result) {
				t.Helper()
				var st embedState
				res := browsertest.Run(t, browsertest.RunOptions{URL: site.PageURL(t, "embed.html", cfg), UserAgent: desktopUA,
					Timeout: 90 * time.Second, Actions: actions}, &st)
				t.Logf("player state: %s t=%.2f events %+v", st.Status, st.CurrentTime, st.Events)
				return st, res
			}

			t.Run("click after a wait", func(t *testing.T) {
				shot := filepath.Join(shots, "embed-icons-"+d+".png")
				st, res := open(t, map[string]any{"src": "/embed/" + f.video, "lazy": true}, []map[string]any{
					{"waitFor": "window.embedState && embedState().status === 'ok' && embedState().readyState >= 2"},
					{"eval": watchClick},
					{"eval": iconsProbe},
					{"screenshot": shot},
					{"wait": clickWaitMs},
					{"click": ".vp-big-play"},
					{"waitFor": "document.querySelector('iframe').contentWindow.startupProbe.frameMs > 0"},
					{"eval": "document.querySelector('iframe').contentWindow.startupProbe"},
				})
				if len(res.Steps) != 3 {
					t.Fatalf("%d steps reported, want 3", len(res.Steps))
				}
				checkIcons(t, res.Steps[1], shot)
				var probe struct{ ClickMs, FrameMs float64 }
				if err := json.Unmarshal(res.Steps[2], &probe); err != nil {
					t.Fatal(err)
				}
				measured := probe.FrameMs - probe.ClickMs
				if st.Status != "ok" || measured <= 0 {
					t.Fatalf("state %s, click at %.0f ms, first frame at %.0f ms", st.Status, probe.ClickMs, probe.FrameMs)
				}
				waitViews(t, s, f.project, st.ViewID)
				stored := startupOf(t, s, f.project, st.ViewID)
				t.Logf("page loaded, %d ms wait, click at %.0f ms: first frame %.0f ms after the click; stored startup %.0f ms", clickWaitMs, probe.ClickMs, measured, stored)
				if math.Abs(stored-measured) > 500 || stored >= clickWaitMs {
					t.Errorf("stored startup %.0f ms, click-to-first-frame %.0f ms (the viewer waited %d ms before clicking): want within 500 ms of it",
						stored, measured, clickWaitMs)
				}
			})

			t.Run("autoplay", func(t *testing.T) {
				st, _ := open(t, map[string]any{"src": "/embed/" + f.video + "?player=" + autoplay, "until": 1}, nil)
				// The startup time runs from the player's request to play (its play
				// event, logged beside the beacon's play intent), not from its init:
				// on a loaded machine the browser has been seen to spend 40-550 ms
				// between the two statements (init, then the autoplay request).
				loaded, intent, playing := st.at("init"), st.at("play"), st.at("playing")
				if st.Status != "ok" || st.Timeout || loaded < 0 || intent < loaded || playing < intent {
					t.Fatalf("autoplay: state %+v", st)
				}
				// The embedding page is told of the same events, in the same order,
				// each naming the video.
				var told []string
				for _, m := range st.Messages {
					if m.VideoID != f.video {
						t.Errorf("a message names video %q, want %s", m.VideoID, f.video)
					}
					told = append(told, m.E)
				}
				if len(told) < 3 || len(told) > len(st.Events) {
					t.Errorf("the page was told %v; the player logged %+v", told, st.Events)
				}
				for i, e := range told {
					if i < len(st.Events) && st.Events[i].E != e {
						t.Errorf("message %d is %q, the player's event %d is %q", i, e, i, st.Events[i].E)
					}
				}
				waitViews(t, s, f.project, st.ViewID)
				stored := startupOf(t, s, f.project, st.ViewID)
				measured := float64(playing - intent)
				t.Logf("init at %d ms of the player's clock, autoplay at %d ms, playing at %d ms: %.0f ms; stored startup %.0f ms; stored events %v",
					loaded, intent, playing, measured, stored, eventTimeline(t, s, st.ViewID))
				if math.Abs(stored-measured) > 300 {
					t.Errorf("stored startup %.0f ms, autoplay-to-playing %.0f ms in the page: want within 300 ms", stored, measured)
				}
			})
		})
	}
}

// iconsProbe (evaluated in the host page) describes the player's control
// buttons: label, whether they hold an SVG with a path, their text, whether
// shown, and their box in the page (the frame is at the page's top left).
const iconsProbe = `(() => {
  const doc = document.querySelector('iframe').contentDocument;
  return Array.from(doc.querySelectorAll('.vp-btn, .vp-big-play')).map((b) => {
    const r = b.getBoundingClientRect();
    return { label: b.getAttribute('aria-label') || '', svg: !!b.querySelector('svg path'), text: b.textContent,
      shown: r.width > 0 && r.height > 0, x: r.left, y: r.top, w: r.width, h: r.height };
  });
})()`

// checkIcons checks the buttons iconsProbe described: every button labelled, no
// emoji or other non-ASCII character in any, the icon buttons drawn with SVG,
// and, on the screenshot, light pixels (the icons, white on the dark controls)
// inside each shown icon button.
func checkIcons(t *testing.T, raw json.RawMessage, shot string) {
	t.Helper()
	var buttons []struct {
		Label, Text string
		SVG, Shown  bool
		X, Y, W, H  float64
	}
	if err := json.Unmarshal(raw, &buttons); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	icons := map[string]bool{"Play video": false, "Play": false, "Mute": false, "Picture in picture": false, "Full screen": false, "Chapters": false}
	for _, b := range buttons {
		t.Logf("button %q: svg %v text %q shown %v at %.0f,%.0f %.0fx%.0f", b.Label, b.SVG, b.Text, b.Shown, b.X, b.Y, b.W, b.H)
		if b.Label == "" {
			t.Errorf("a button without aria-label: %+v", b)
		}
		for _, r := range b.Text {
			if r > 0x7e {
				t.Errorf("button %q shows the character %q (U+%04X): icons must be SVG", b.Label, r, r)
			}
		}
		if _, ok := icons[b.Label]; !ok {
			continue
		}
		icons[b.Label] = true
		if !b.SVG || b.Text != "" {
			t.Errorf("button %q: svg %v, text %q: want an SVG icon and no text", b.Label, b.SVG, b.Text)
		}
		if b.Shown && lightPixels(img, b.X, b.Y, b.W, b.H) < 20 {
			t.Errorf("button %q: no icon drawn in its box on the screenshot %s", b.Label, shot)
		}
	}
	for label, seen := range icons {
		// Picture in picture shows only where the browser has it; Chapters only with chapters.
		if !seen && label != "Picture in picture" && label != "Chapters" {
			t.Errorf("no button %q", label)
		}
	}
}

// lightPixels counts the pixels of img in the box whose three channels are
// all above 200 of 255.
func lightPixels(img image.Image, x, y, w, h float64) int {
	n := 0
	for py := int(y); py < int(y+h); py++ {
		for px := int(x); px < int(x+w); px++ {
			r, g, b, _ := img.At(px, py).RGBA()
			if r>>8 > 200 && g>>8 > 200 && b>>8 > 200 {
				n++
			}
		}
	}
	return n
}
