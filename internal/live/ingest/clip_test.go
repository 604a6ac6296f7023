package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/vidra-dev/vidra/internal/clip"
)

// clipSeconds is the length of every pre-encoded test clip: the longest
// publisher of the tests.
const clipSeconds = 60

// clipDir holds the pre-encoded clips of this test binary (TestMain removes it).
var clipDir string

// clips maps a clip's keyframe interval in frames to its *testClipFile.
var clips sync.Map

// clipCount numbers the clips' files.
var clipCount atomic.Int32

// testClipFile is one pre-encoded test clip, encoded on first use.
type testClipFile struct {
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
// clipSeconds long, with a keyframe every gop frames; it is encoded once per
// test binary, shared by the tests (t.TempDir would be per test). Publishers
// copy it at its native rate instead of encoding as they send: an encoder
// sharing a loaded machine (CI runs test binaries side by side) fell behind
// the stall timeout and was cut off, which a copy costing almost no CPU does not.
func testClip(t *testing.T, gop int) string {
	t.Helper()
	v, _ := clips.LoadOrStore(gop, &testClipFile{})
	c := v.(*testClipFile)
	c.once.Do(func() {
		c.path = filepath.Join(clipDir, fmt.Sprintf("clip%d.flv", clipCount.Add(1)))
		c.err = clip.Live{Seconds: clipSeconds, Width: 320, Height: 240, FPS: 25, GOP: gop, Format: "flv"}.Encode(c.path)
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.path
}
