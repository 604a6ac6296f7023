package media_test

import (
	"context"
	"math"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/media"
)

// cutSourceFile encodes a 12 s 320x240 30 fps source with sound: H.264 with
// B-frames and a keyframe every second (codec "libx264"), or another codec.
func cutSourceFile(t *testing.T, codec string) string {
	t.Helper()
	if _, err := osexec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	out := filepath.Join(t.TempDir(), "source.mp4")
	if err := runFFmpeg(t, "-f", "lavfi", "-i", "testsrc2=duration=12:size=320x240:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:duration=12", "-c:v", codec, "-g", "30", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-shortest", out); err != nil {
		t.Fatal(err)
	}
	return out
}

// frameAt returns frame n of a file, decoded, as small grey pixels.
func frameAt(t *testing.T, path string, n int) []byte {
	t.Helper()
	out, err := osexec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-i", path,
		"-vf", "select=eq(n\\,"+strconv.Itoa(n)+"),scale=160:120,format=gray", "-frames:v", "1",
		"-f", "rawvideo", "-").Output()
	if err != nil || len(out) != 160*120 {
		t.Fatalf("frame %d of %s: %v (%d bytes)", n, path, err, len(out))
	}
	return out
}

// distance is the mean absolute difference of two grey frames.
func distance(a, b []byte) float64 {
	var sum float64
	for i := range a {
		sum += math.Abs(float64(a[i]) - float64(b[i]))
	}
	return sum / float64(len(a))
}

// probeCut returns a file's frame count, video duration and decoding warnings.
func probeCut(t *testing.T, path string) (frames int, duration float64, warnings string) {
	t.Helper()
	out, err := osexec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
		"-show_entries", "stream=nb_read_frames:format=duration", "-of", "default=nw=1:nk=1", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		t.Fatalf("ffprobe of %s: %q", path, out)
	}
	frames, _ = strconv.Atoi(f[0])
	duration, _ = strconv.ParseFloat(f[1], 64)
	w, _ := osexec.Command("ffmpeg", "-hide_banner", "-v", "warning", "-i", path, "-f", "null", "-").CombinedOutput()
	return frames, duration, strings.TrimSpace(string(w))
}

// TestCutRangeIsFrameAccurate cuts 2.345-7.89 s of an H.264 source with
// B-frames: the frames shown are exactly the source's from 71 (2.367 s) to
// 236, the middle (3-7 s) is copied, the file decodes without a warning, and
// the frames at the start, at the first join and at the end are the source's.
func TestCutRangeIsFrameAccurate(t *testing.T) {
	src := cutSourceFile(t, "libx264")
	tools := media.FindTools("", "")
	in, err := media.OpenInput(src)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "clip.mp4")
	cut, err := tools.CutRange(context.Background(), in, 2.345, 7.89, t.TempDir(), out)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.002 }
	if !near(cut.Start, 71.0/30) || !near(cut.End, 237.0/30) || !near(cut.Copied, 4) || cut.Fallback != "" ||
		!near(cut.Encoded, 237.0/30-71.0/30-4) {
		t.Fatalf("cut = %+v", cut)
	}
	frames, duration, warnings := probeCut(t, out)
	if frames != 166 || math.Abs(duration-166.0/30) > 0.05 || warnings != "" {
		t.Fatalf("clip: %d frames, %.3f s, warnings %q; want 166 frames of 5.533 s", frames, duration, warnings)
	}
	for _, c := range []struct{ clip, source int }{{0, 71}, {18, 89}, {19, 90}, {120, 191}, {165, 236}} {
		got := frameAt(t, out, c.clip)
		best, bestAt := math.Inf(1), -1
		for s := c.source - 2; s <= c.source+2; s++ {
			if d := distance(got, frameAt(t, src, s)); d < best {
				best, bestAt = d, s
			}
		}
		if bestAt != c.source {
			t.Errorf("clip frame %d looks like source frame %d, want %d", c.clip, bestAt, c.source)
		}
	}
	a, err := osexec.Command("ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name,duration",
		"-of", "csv=p=0", out).Output()
	if err != nil || !strings.HasPrefix(string(a), "aac,") {
		t.Fatalf("clip sound: %q %v", a, err)
	}
	if d, _ := strconv.ParseFloat(strings.TrimSpace(strings.SplitN(string(a), ",", 2)[1]), 64); math.Abs(d-166.0/30) > 0.05 {
		t.Fatalf("clip sound lasts %.3f s", d)
	}
}

// TestCutRangeEncodesWhatItCannotCopy: a source whose picture is not H.264
// is encoded whole, still exact to the frame; a range with no frame, or past
// the end, is refused.
func TestCutRangeEncodesWhatItCannotCopy(t *testing.T) {
	src := cutSourceFile(t, "mpeg4")
	tools := media.FindTools("", "")
	in, err := media.OpenInput(src)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "clip.mp4")
	cut, err := tools.CutRange(context.Background(), in, 1, 3, t.TempDir(), out)
	if err != nil {
		t.Fatal(err)
	}
	if cut.Copied != 0 || !strings.Contains(cut.Fallback, "mpeg4") || math.Abs(cut.Encoded-2) > 0.002 {
		t.Fatalf("cut = %+v", cut)
	}
	if frames, _, warnings := probeCut(t, out); frames != 60 || warnings != "" {
		t.Fatalf("clip: %d frames, warnings %q; want 60", frames, warnings)
	}
	if _, err := tools.CutRange(context.Background(), in, 12.5, 13, t.TempDir(), out); err != media.ErrEmptyRange {
		t.Fatalf("a range past the end: %v", err)
	}
}
