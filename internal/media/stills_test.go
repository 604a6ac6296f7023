package media_test

import (
	"context"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/vidra-dev/vidra/internal/media"
)

// segmentLikeTheLadder encodes a 4 s 320x240 30 fps MPEG-TS segment as the
// ladder does: one keyframe at its start, B-frames between.
func segmentLikeTheLadder(t *testing.T) string {
	t.Helper()
	src := cutSourceFile(t, "libx264")
	seg := filepath.Join(t.TempDir(), "seg.ts")
	if err := runFFmpeg(t, "-i", src, "-t", "4", "-map", "0:v:0", "-c:v", "libx264", "-preset", "veryfast",
		"-g", "120", "-keyint_min", "120", "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-f", "mpegts", seg); err != nil {
		t.Fatal(err)
	}
	return seg
}

// TestStillTakesTheFrameAtItsOffset: a still is the frame at its offset, the
// first frame at or after it, for offsets at the keyframe, inside the GOP and
// near the segment's end, scaled to its box.
func TestStillTakesTheFrameAtItsOffset(t *testing.T) {
	seg := segmentLikeTheLadder(t)
	tools := media.FindTools("", "")
	in, err := media.OpenInput(seg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		offset float64
		frame  int
	}{{0, 0}, {1.5, 45}, {2.01, 61}, {3.9, 117}} {
		out := filepath.Join(t.TempDir(), "still.png")
		if err := tools.Still(context.Background(), in, c.offset, media.ImageSpec{Width: 160, Height: 120, Fit: media.FitStretch, Format: "png"}, out); err != nil {
			t.Fatalf("still at %.2f s: %v", c.offset, err)
		}
		got := frameAt(t, out, 0)
		best, bestAt := math.Inf(1), -1
		for n := c.frame - 3; n <= c.frame+3; n++ {
			if n < 0 || n >= 120 {
				continue
			}
			if d := distance(got, frameAt(t, seg, n)); d < best {
				best, bestAt = d, n
			}
		}
		if bestAt != c.frame {
			t.Errorf("still at %.2f s looks like frame %d, want %d", c.offset, bestAt, c.frame)
		}
	}
}

// TestAnimatedTakesItsStretch: an animation of 1.5 s at 10 frames a second
// from 2 s holds 15 frames, the first being the frame at 2 s.
func TestAnimatedTakesItsStretch(t *testing.T) {
	seg := segmentLikeTheLadder(t)
	tools := media.FindTools("", "")
	in, err := media.OpenInput(seg)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "a.gif")
	if err := tools.Animated(context.Background(), in, 2, 1.5, 10, media.ImageSpec{Width: 160, Height: 120, Fit: media.FitStretch, Format: "gif"}, out); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	g, err := gif.DecodeAll(f)
	if err != nil || len(g.Image) != 15 {
		t.Fatalf("gif: %v, %d frames, want 15", err, len(g.Image))
	}
	got := frameAt(t, out, 0)
	best, bestAt := math.Inf(1), -1
	for n := 57; n <= 63; n++ {
		if d := distance(got, frameAt(t, seg, n)); d < best {
			best, bestAt = d, n
		}
	}
	if bestAt < 59 || bestAt > 61 {
		t.Errorf("the animation opens on frame %d, want the frame at 2 s (60)", bestAt)
	}
}
