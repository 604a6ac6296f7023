// Package clip makes small test videos with ffmpeg, so media tests use real files.
package clip

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
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
