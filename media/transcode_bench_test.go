package media_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/media"
)

// BenchmarkTranscodeLadder compares Vidra's transcode of a 60-second 1080p30 clip
// to the default 4-rung ladder (lowest rung first, then the rest) with one plain
// ffmpeg command producing the same ladder. Metric ratio = vidra / plain (target <= 1.15).
func BenchmarkTranscodeLadder(b *testing.B) {
	src := clip.Make(b, 60, 1920, 1080, 30)
	tools := media.FindTools("", "")
	ctx := context.Background()
	p, err := tools.ProbeFile(ctx, src)
	if err != nil {
		b.Fatal(err)
	}
	rends, _ := media.PlanLadder(media.DefaultLadder(), p.Width, p.Height)
	if len(rends) != 4 {
		b.Fatalf("ladder has %d rungs", len(rends))
	}
	opts := media.HLSOptions{FPS: p.FPS, HasAudio: p.HasAudio}
	var vidra, plain time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := b.TempDir()
		start := time.Now()
		if err := tools.TranscodeHLS(ctx, src, out, rends[:1], opts); err != nil {
			b.Fatal(err)
		}
		if err := tools.TranscodeHLS(ctx, src, out, rends[1:], opts); err != nil {
			b.Fatal(err)
		}
		vidra += time.Since(start)

		out = b.TempDir()
		for _, r := range rends {
			_ = mkdir(filepath.Join(out, r.Name))
		}
		args := append([]string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error"}, media.HLSArgs(src, out, rends, opts)...)
		start = time.Now()
		if b2, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
			b.Fatalf("plain ffmpeg: %v: %s", err, b2)
		}
		plain += time.Since(start)
	}
	b.ReportMetric(vidra.Seconds()/float64(b.N), "vidra-s/op")
	b.ReportMetric(plain.Seconds()/float64(b.N), "plain-s/op")
	b.ReportMetric(vidra.Seconds()/plain.Seconds(), "ratio")
}
