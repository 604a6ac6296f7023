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

// TestStatsAveragesAcrossConnections: the frame rate and bitrate are the
// session's averages over its connections, each with timestamps of its own,
// and the gap between them is not publishing time.
func TestStatsAveragesAcrossConnections(t *testing.T) {
	s := NewStats(0)
	t0 := time.Unix(1000, 0)
	// Connection 1: 10 s of 30 fps from DTS 0, 1 Mbit/s.
	s.BeginConnection()
	s.AddBytes(0, t0)
	for i := 0; i <= 300; i++ {
		s.VideoFrame(int64(i)*clockRate/30, i%60 == 0)
	}
	s.AddBytes(1_250_000, t0.Add(10*time.Second))
	// 20 s gap, then connection 2: 5 s of 30 fps from DTS 90000 (its own clock), 2 Mbit/s.
	s.BeginConnection()
	t1 := t0.Add(30 * time.Second)
	s.AddBytes(0, t1)
	for i := 0; i <= 150; i++ {
		s.VideoFrame(clockRate+int64(i)*clockRate/30, i%60 == 0)
	}
	s.AddBytes(1_250_000, t1.Add(5*time.Second))
	snap := s.Snapshot(t1.Add(40 * time.Second))
	// 2.5 MB over 15 s of publishing: 1333 kbps.
	if snap.FPS != 30 || snap.BitrateKbps != 1333 || snap.KeyframeIntervalSeconds != 2 {
		t.Fatalf("fps %v kbps %v gop %v", snap.FPS, snap.BitrateKbps, snap.KeyframeIntervalSeconds)
	}
	if len(snap.Warnings) != 0 {
		t.Fatalf("warnings %v (the reconnect is not a keyframe interval)", snap.Warnings)
	}

	// Another node carries on from the history: its figures continue the averages.
	next := NewStats(0)
	next.Continue(snap.Bytes, snap.BitrateKbps, snap.FPS, snap.Warnings)
	next.BeginConnection()
	t2 := t1.Add(60 * time.Second)
	next.AddBytes(0, t2)
	for i := 0; i <= 150; i++ {
		next.VideoFrame(int64(i)*clockRate/30, i%60 == 0)
	}
	next.AddBytes(1_250_000, t2.Add(5*time.Second))
	got := next.Snapshot(t2.Add(5 * time.Second))
	// 3.75 MB over 20 s: 1500 kbps (within the rounding of the carried figure).
	if got.FPS != 30 || got.BitrateKbps < 1498 || got.BitrateKbps > 1501 {
		t.Fatalf("continued: fps %v kbps %v", got.FPS, got.BitrateKbps)
	}
}
