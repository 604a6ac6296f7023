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

// segmentLikeTheLadder encodes a 4 s 320x240 30 fps segment as the ladder
// does, opening on a keyframe with one more at 2 s and B-frames between: as
// MPEG-TS, or as CMAF (the init segment and the video's second fragment joined,
// as the image API joins them).
func segmentLikeTheLadder(t *testing.T, cmaf bool) string {
	t.Helper()
	src := cutSourceFile(t, "libx264")
	enc := []string{"-i", src, "-map", "0:v:0", "-c:v", "libx264", "-preset", "veryfast",
		"-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-pix_fmt", "yuv420p"}
	dir := t.TempDir()
	if !cmaf {
		seg := filepath.Join(dir, "seg.ts")
		if err := runFFmpeg(t, append(enc, "-t", "4", "-f", "mpegts", seg)...); err != nil {
			t.Fatal(err)
		}
		return seg
	}
	if err := runFFmpeg(t, append(enc, "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod",
		"-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", media.CMAFInit,
		"-hls_segment_filename", filepath.Join(dir, "seg_%05d.m4s"), filepath.Join(dir, "index.m3u8"))...); err != nil {
		t.Fatal(err)
	}
	var joined []byte
	for _, name := range []string{media.CMAFInit, "seg_00001.m4s"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		joined = append(joined, b...)
	}
	seg := filepath.Join(dir, "source.mp4")
	if err := os.WriteFile(seg, joined, 0o600); err != nil {
		t.Fatal(err)
	}
	return seg
}

// TestStillTakesTheFrameAtItsOffset: a still is the frame at its offset, the
// first frame at or after it, for offsets at the keyframe, inside the GOP and
// near the segment's end, scaled to its box, from MPEG-TS (decoded from its
// start) and from CMAF (seeked to the keyframe before it).
func TestStillTakesTheFrameAtItsOffset(t *testing.T) {
	for _, cmaf := range []bool{false, true} {
		t.Run(map[bool]string{false: "mpegts", true: "cmaf"}[cmaf], func(t *testing.T) { testStillAtOffsets(t, cmaf) })
	}
}

func testStillAtOffsets(t *testing.T, cmaf bool) {
	seg := segmentLikeTheLadder(t, cmaf)
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
	seg := segmentLikeTheLadder(t, true)
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
