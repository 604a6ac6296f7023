package media_test

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/poll"
)

// BenchmarkTranscodeLadder uploads a 60-second 1080p30 clip to a Vidra server (SQLite,
// in-process workers) with tus and measures, from upload completion:
//   - s-to-first-playable: until the master playlist answers (issue 7, bench b);
//   - vidra-ladder-s: until every rendition of the default 4-rung ladder is ready;
//
// then runs one plain ffmpeg command producing the same ladder (plain-s). Metric
// ratio = vidra-ladder-s / plain-s (issue 7, bench a; target <= 1.15).
func BenchmarkTranscodeLadder(b *testing.B) {
	src := clip.Make(b, 60, 1920, 1080, 30)
	data, _ := os.ReadFile(src)
	tools := media.FindTools("", "")
	p, err := tools.ProbeFile(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	rends, _ := media.PlanLadder(media.DefaultLadder(), p.Width, p.Height)
	if len(rends) != 4 {
		b.Fatalf("ladder has %d rungs", len(rends))
	}
	s := apptest.New(b, dialect.SQLite)
	proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
	var firstPlayable, ladder, plain time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		token, id := s.UploadToken(proj, 0)
		s.TusUpload(token, data)
		done := time.Now()
		playable := false
		// Polled every 20 ms, the resolution of the two times measured.
		if !poll.Every(20*time.Millisecond, 20*time.Minute, func() bool {
			if !playable {
				if st, _ := s.Get("/v1/play/" + id + "/master.m3u8"); st == http.StatusOK {
					firstPlayable += time.Since(done)
					playable = true
				}
			}
			v := s.GetVideo(id)
			if v.Status == "failed" {
				b.Fatalf("video failed: %s", v.FailureReason)
			}
			ready := 0
			for _, r := range v.Renditions {
				if r.Status == "ready" {
					ready++
				}
			}
			// Every rendition: the 4 video rungs and the sound's (CMAF).
			if playable && ready == len(rends)+1 && len(v.Renditions) == ready {
				ladder += time.Since(done)
				return true
			}
			return false
		}) {
			b.Fatal("the ladder was not ready within 20 minutes")
		}
		b.StopTimer()
		s.WaitVideo(id, 20*time.Minute) // thumbnails and storyboard finish outside the measure
		b.StartTimer()

		start := time.Now()
		runLadder(b, p, rends, media.PackagingCMAF)
		plain += time.Since(start)
	}
	n := float64(b.N)
	b.ReportMetric(firstPlayable.Seconds()/n, "s-to-first-playable")
	b.ReportMetric(ladder.Seconds()/n, "vidra-ladder-s")
	b.ReportMetric(plain.Seconds()/n, "plain-s")
	b.ReportMetric(ladder.Seconds()/plain.Seconds(), "ratio")
}

// runLadder runs one plain ffmpeg command encoding the ladder as Vidra does
// (media.HLSArgs) with the given packaging, and returns the CPU time (user and
// system) the ffmpeg process used.
func runLadder(b *testing.B, p *media.Probe, rends []media.Rendition, packaging media.Packaging) time.Duration {
	b.Helper()
	out := b.TempDir()
	for _, r := range append(rends, media.AudioRendition(0)) {
		_ = os.MkdirAll(filepath.Join(out, r.Name), 0o750)
	}
	args := append([]string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error"},
		media.HLSArgs(p.Input, out, rends, media.HLSOptions{FPS: p.FPS, HasAudio: p.HasAudio, Packaging: packaging})...)
	cmd := exec.Command("ffmpeg", args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("plain ffmpeg (%s): %v: %s", packaging, err, out)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// BenchmarkPackagingCost encodes a 60-second 1080p30 clip into the default
// 4-rung ladder twice per iteration, as CMAF (video-only renditions and one
// AAC rendition) and as MPEG-TS (the sound muxed into each rendition), with the
// commands Vidra runs, and reports the CPU seconds of each and their ratio
// (issue 47: CMAF <= 1.05x TS). The order alternates so neither always runs
// on a warm cache.
func BenchmarkPackagingCost(b *testing.B) {
	src := clip.Make(b, 60, 1920, 1080, 30)
	tools := media.FindTools("", "")
	p, err := tools.ProbeFile(context.Background(), src)
	if err != nil {
		b.Fatal(err)
	}
	rends, _ := media.PlanLadder(media.DefaultLadder(), p.Width, p.Height)
	var cmaf, ts time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			cmaf += runLadder(b, p, rends, media.PackagingCMAF)
			ts += runLadder(b, p, rends, media.PackagingTS)
		} else {
			ts += runLadder(b, p, rends, media.PackagingTS)
			cmaf += runLadder(b, p, rends, media.PackagingCMAF)
		}
	}
	n := float64(b.N)
	b.ReportMetric(cmaf.Seconds()/n, "cmaf-cpu-s")
	b.ReportMetric(ts.Seconds()/n, "ts-cpu-s")
	b.ReportMetric(cmaf.Seconds()/ts.Seconds(), "ratio")
}
