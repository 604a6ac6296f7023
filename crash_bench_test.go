//go:build linux

package main

import (
	"os"
	"slices"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkKilledWorkerRecovery measures, with default settings on
// PostgreSQL, the time from kill -9 of a `vidra worker` mid-transcode of a
// 40 s clip to the video being processed again (s-to-resume: a new ffmpeg
// transcodes it) and ready (s-to-ready), in the two ways a deployment sees:
//
//   - restarted: the worker is restarted at once (a restart policy) and
//     reclaims its previous run's job at start;
//   - survivor: another worker, already running, reclaims it once the dead
//     worker's liveness record expires (VIDRA_PROCESS_EXPIRY, 15 s, plus up to
//     a heartbeat).
//
// The target is under 30 s. Run it with `make bench-recovery`.
func BenchmarkKilledWorkerRecovery(b *testing.B) {
	if !slices.Contains(testdb.Dialects(b), dialect.Postgres) {
		b.Skip("needs PostgreSQL (workers share it)")
	}
	data, err := os.ReadFile(clip.Make(b, 40, 640, 360, 24))
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"restarted", "survivor"} {
		b.Run(mode, func(b *testing.B) {
			c := newCluster(b, dialect.Postgres)
			api := c.start("server", map[string]string{"VIDRA_WORKERS": "false"})
			c.waitHealthy(api, 60*time.Second)
			s := apptest.Remote(b, c.URL())
			s.Token = s.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Bench")
			var resume, ready time.Duration
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				worker := c.start("worker", nil)
				c.waitLog(worker, `"msg":"worker running"`, 60*time.Second)
				token, videoID := s.UploadToken(proj, 0)
				s.TusUpload(token, data)
				dead := c.waitFFmpeg(60 * time.Second)
				var next *child
				if mode == "survivor" {
					next = c.start("worker", nil)
					c.waitLog(next, `"msg":"worker running"`, 60*time.Second)
				}
				// The moment of the kill is the scenario: a second into the
				// transcode, mid-way.
				time.Sleep(time.Second)
				b.StartTimer()
				killed := time.Now()
				worker.kill()
				if mode == "restarted" {
					next = c.start("worker", nil)
				}
				// Polled every 20 ms, the resolution of the resume time measured.
				if !poll.Every(20*time.Millisecond, 5*time.Minute, func() bool {
					pids := c.ffmpegs()
					return len(pids) > 0 && !slices.Contains(pids, dead)
				}) {
					b.Fatalf("no transcode resumed:\n%s", tail(next.logs.String(), 4000))
				}
				resume += time.Since(killed)
				v := s.WaitVideo(videoID, 5*time.Minute)
				if v.Status != "ready" {
					b.Fatalf("video %s: %s (%s)", videoID, v.Status, v.FailureReason)
				}
				ready += time.Since(killed)
				b.StopTimer()
				next.kill()
			}
			b.ReportMetric(resume.Seconds()/float64(b.N), "s-to-resume")
			b.ReportMetric(ready.Seconds()/float64(b.N), "s-to-ready")
		})
	}
}
