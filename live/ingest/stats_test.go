package ingest

import (
	"slices"
	"testing"
	"time"
)

func TestStatsFigures(t *testing.T) {
	s := NewStats(1000)
	s.SetTracks("h264", "aac")
	t0 := time.Unix(1000, 0)
	s.AddBytes(0, t0)
	// 30 fps for 10 s with a keyframe every 6 s: the interval warning comes
	// before the second keyframe does.
	for i := 0; i <= 300; i++ {
		dts := int64(i) * clockRate / 30
		s.VideoFrame(dts, i%180 == 0)
	}
	s.AddBytes(2_500_000, t0.Add(10*time.Second)) // 2 Mbit/s over 10 s
	snap := s.Snapshot(t0.Add(10 * time.Second))
	if snap.FPS != 30 || snap.KeyframeIntervalSeconds != 6 || snap.BitrateKbps != 2000 {
		t.Fatalf("fps %v gop %v kbps %v", snap.FPS, snap.KeyframeIntervalSeconds, snap.BitrateKbps)
	}
	want := []string{WarnKeyframeInterval, WarnBitrateOverLimit}
	if !slices.Equal(snap.Warnings, want) || !slices.Equal(snap.NewWarnings, want) {
		t.Fatalf("warnings %v new %v", snap.Warnings, snap.NewWarnings)
	}
	again := s.Snapshot(t0.Add(11 * time.Second))
	if len(again.NewWarnings) != 0 || len(again.Warnings) != 2 || again.BitrateKbps != 2000 {
		t.Fatalf("second snapshot %+v", again)
	}
}

func TestStatsTrackWarnings(t *testing.T) {
	for _, c := range []struct {
		video, audio string
		want         []string
	}{
		{"h264", "aac", nil},
		{"", "aac", []string{WarnAudioOnly}},
		{"h264", "", []string{WarnVideoOnly}},
	} {
		s := NewStats(0)
		s.SetTracks(c.video, c.audio)
		if got := s.Snapshot(time.Now()).Warnings; !slices.Equal(got, c.want) && len(got)+len(c.want) > 0 {
			t.Errorf("%q/%q: %v, want %v", c.video, c.audio, got, c.want)
		}
	}
}
