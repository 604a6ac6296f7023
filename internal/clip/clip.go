// Package clip makes small test videos with ffmpeg, so media tests use real files.
package clip

import (
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/vidra-dev/vidra/internal/testproc"
)

// Make writes an H.264/AAC MP4 of the given length and size into a temporary
// directory and returns its path; the test is skipped when ffmpeg is missing.
func Make(t testing.TB, seconds, width, height, fps int) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	out := filepath.Join(t.TempDir(), "clip.mp4")
	size := strconv.Itoa(width) + "x" + strconv.Itoa(height)
	d := strconv.Itoa(seconds)
	cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=duration="+d+":size="+size+":rate="+strconv.Itoa(fps),
		"-f", "lavfi", "-i", "sine=frequency=440:duration="+d,
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
		"-movflags", "+faststart", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make clip: %v: %s", err, b)
	}
	return out
}

// TS writes an H.264/AAC MPEG-TS as a live encoder sends it (see Live) into
// a temporary directory and returns its path; the test is skipped when ffmpeg
// is missing. It is encoded as fast as the machine goes, for Realtime to send.
func TS(t testing.TB, seconds, width, height, fps, gop int) string {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	out := filepath.Join(t.TempDir(), "live.ts")
	live := Live{Seconds: seconds, Width: width, Height: height, FPS: fps, GOP: gop, Format: "mpegts"}
	if err := live.Encode(out); err != nil {
		t.Fatal(err)
	}
	return out
}

// Realtime starts ffmpeg sending the MPEG-TS at path to its standard output
// at the media's native rate, copying its streams, and returns that output;
// ffmpeg is killed when the test ends. A live publisher that copies costs
// almost no CPU: an encoder publishing as it encodes fell behind the live
// edge on a loaded machine (CI runs test binaries side by side), and the
// player under test stalled on the gaps.
func Realtime(t testing.TB, path string) io.ReadCloser {
	t.Helper()
	cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
		"-i", path, "-c", "copy", "-f", "mpegts", "pipe:1")
	return testproc.Stdout(t, cmd)
}
