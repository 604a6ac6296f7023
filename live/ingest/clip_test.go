package ingest_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// clipSeconds is the length of every pre-encoded test clip: the longest
// publisher of the tests.
const clipSeconds = 60

// clipDir holds the pre-encoded clips of this test binary (TestMain removes it).
var clipDir string

// clips maps a clip's encoder options to its *clip.
var clips sync.Map

// clipCount numbers the clips' files.
var clipCount atomic.Int32

// clip is one pre-encoded test clip, encoded on first use.
type clip struct {
	once sync.Once
	path string
	err  error
}

// TestMain makes the clip directory and removes it after the tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vidra-ingest-clips-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	clipDir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// testClip returns the FLV file of a 320x240 25 fps test picture with a tone,
// clipSeconds long, encoded with extra encoder options (a keyframe every 2 s
// unless extra sets -g). Publishers copy it at its native rate instead of
// encoding as they send: an encoder sharing a loaded machine (CI runs test
// binaries side by side) fell behind the stall timeout and was cut off, which
// a copy costing almost no CPU does not.
func testClip(t *testing.T, extra []string) string {
	t.Helper()
	v, _ := clips.LoadOrStore(strings.Join(extra, " "), &clip{})
	c := v.(*clip)
	c.once.Do(func() {
		args := []string{"-hide_banner", "-loglevel", "error", "-nostdin",
			"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
			"-t", fmt.Sprint(clipSeconds), "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p",
			"-c:a", "aac", "-b:a", "64k"}
		hasG := false
		for _, e := range extra {
			hasG = hasG || e == "-g"
		}
		if !hasG {
			args = append(args, "-g", "50")
		}
		c.path = filepath.Join(clipDir, fmt.Sprintf("clip%d.flv", clipCount.Add(1)))
		args = append(args, extra...)
		args = append(args, "-f", "flv", c.path)
		if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
			c.err = fmt.Errorf("encode the test clip: %v: %s", err, out)
		}
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.path
}
