package clip

import (
	"fmt"
	"os/exec"
	"strconv"
)

// Live describes a clip as a live encoder sends it: x264 tuned for zero
// latency with a keyframe every GOP frames, and a 48 kHz AAC tone.
type Live struct {
	// Seconds is the clip's length.
	Seconds int
	// Width and Height are the picture's size in pixels.
	Width, Height int
	// FPS is the frame rate.
	FPS int
	// GOP is the keyframe interval in frames.
	GOP int
	// Format is ffmpeg's muxer: "mpegts" or "flv".
	Format string
}

// Encode writes the clip to path as fast as the machine goes. It returns an
// error, not a test failure, so callers can share one clip between tests.
func (l Live) Encode(path string) error {
	size := strconv.Itoa(l.Width) + "x" + strconv.Itoa(l.Height)
	cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "lavfi", "-i", "testsrc2=size="+size+":rate="+strconv.Itoa(l.FPS),
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", strconv.Itoa(l.Seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", strconv.Itoa(l.GOP), "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "48k", "-f", l.Format, path)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("encode a %s live clip: %v: %s", l.Format, err, out)
	}
	return nil
}
