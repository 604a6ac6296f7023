package media

import (
	"slices"
	"strings"
	"testing"
)

// TestHLSArgsThreads: a VOD transcode yielding to live renditions caps every
// rendition encoder's threads; without a cap ffmpeg chooses.
func TestHLSArgsThreads(t *testing.T) {
	rends := []Rendition{{Rung: Rung{Name: "360p", Height: 360, VideoKbps: 800, AudioKbps: 96}, Width: 640, Height: 360},
		{Rung: Rung{Name: "720p", Height: 720, VideoKbps: 2800, AudioKbps: 128}, Width: 1280, Height: 720}}
	in := Input{Path: "/tmp/in.mp4"}
	if args := HLSArgs(in, "/tmp/out", rends, HLSOptions{}); slices.Contains(args, "-threads") {
		t.Fatalf("threads set without a cap: %v", args)
	}
	args := strings.Join(HLSArgs(in, "/tmp/out", rends, HLSOptions{Threads: 1}), " ")
	if strings.Count(args, "-c:v libx264") != 2 || strings.Count(args, "-threads 1 ") != 2 {
		t.Fatalf("each rendition's encoder should have -threads 1: %s", args)
	}
}
