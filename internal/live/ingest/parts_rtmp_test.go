package ingest_test

import (
	"context"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
)

var partDuration = regexp.MustCompile(`#EXT-X-PART:DURATION=([0-9.]+)`)

// TestLowLatencyPartsOverRTMP: 30 fps over RTMP arrives timed in milliseconds
// (frames of 33 and 34 ms); the low latency session still cuts each 2 s
// segment into four parts of 0.5 s: none longer than PART-TARGET (1 ms of
// rounding aside), and no part of a single frame at a segment's end, at whose
// edge hls.js 1.7.4 sometimes stopped loading.
func TestLowLatencyPartsOverRTMP(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	s := apptest.New(t, "sqlite3") // the media is what is tested
	r := newRig(t, s)
	r.hls = true
	st, key := r.stream(0)
	s.App.DB.Client.LiveStream.UpdateOneID(st.ID).SetLatencyMode("low").ExecX(apptest.System())
	pub := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30", "-t", "9",
		"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "30", "-pix_fmt", "yuv420p",
		"-f", "flv", rtmpURL(r.node, key))
	if out, err := pub.CombinedOutput(); err != nil {
		t.Fatalf("publisher: %v: %s", err, out)
	}
	waitFor(t, 20*time.Second, "the session's end", func() bool {
		ss := r.sessions(st.ID)
		return len(ss) == 1 && ss[0].EndedAt != nil
	})
	vid := *r.sessions(st.ID)[0].VideoID
	var pl string
	waitFor(t, 20*time.Second, "the ended playlist", func() bool {
		b, err := s.App.Bucket.ReadAll(context.Background(), livehls.PlaylistKey(vid))
		pl = string(b)
		return err == nil && strings.Contains(pl, "#EXT-X-ENDLIST")
	})
	whole := 0
	// Each segment's parts come before its EXTINF.
	var parts []float64
	for _, l := range strings.Split(pl, "\n") {
		if m := partDuration.FindStringSubmatch(l); m != nil {
			d, _ := strconv.ParseFloat(m[1], 64)
			parts = append(parts, d)
			continue
		}
		if v, ok := strings.CutPrefix(l, "#EXTINF:"); ok {
			d, _ := strconv.ParseFloat(strings.TrimSuffix(v, ","), 64)
			if len(parts) > 0 && d > 1.95 && d < 2.05 {
				whole++
				if len(parts) != 4 {
					t.Errorf("a segment of %.3f s in %d parts %v, want 4 of about 0.5 s", d, len(parts), parts)
				}
				for _, p := range parts {
					if p > 0.501 {
						t.Errorf("a part of %.3f s (%v)", p, parts)
					}
				}
			}
			parts = nil
		}
	}
	if whole < 2 {
		t.Fatalf("%d whole 2 s segments with parts listed:\n%s", whole, pl)
	}
}
