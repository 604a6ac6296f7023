package livehls

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/media"
)

// BenchmarkLiveTranscode publishes 20 s of a pre-encoded 1280x720 30 fps
// H.264+AAC stream in real time (ffmpeg -re -c copy, so the publisher costs
// little) into a transcoded session with the built-in ladder (360p, 480p,
// 720p; the 1080p rung is not above the source's height, so it is encoded
// at 720p too), veryfast. Reported: the encoder's CPU seconds per second of
// input (cores), this process's (cutting and publishing the source and the
// renditions) likewise, the renditions produced and their segments, and
// whether the ladder kept up with real time (1) or fell back (0).
func BenchmarkLiveTranscode(b *testing.B) {
	needFFmpeg(b)
	const seconds = 20
	src := filepath.Join(b.TempDir(), "src.ts")
	if out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "20",
		"-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-b:v", "3M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts", src).CombinedOutput(); err != nil {
		b.Fatalf("pre-encode: %v: %s", err, out)
	}
	for range b.N {
		bk, _ := bucket(b)
		var w warnings
		s := open(b, Options{Bucket: bk, Record: true, Transcode: true,
			Ladder: TranscodeOptions{Ladders: testLadder(media.DefaultLadder()), Slots: liveslots.New(-1), Warn: w.warn}})
		if s.ladder == nil {
			b.Fatalf("no ladder: %v", w.get())
		}
		cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-re", "-i", src, "-c", "copy", "-f", "mpegts", "pipe:1")
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		var before syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		start := time.Now()
		if err := s.Run(context.Background(), out); err != nil {
			b.Fatal(err)
		}
		_ = cmd.Wait()
		wall := time.Since(start).Seconds()
		var after syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		// The publisher and the encoder are children: not in RUSAGE_SELF.
		self := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano()).Seconds()
		s.ladder.mu.Lock()
		enc := s.ladder.encoderCPU.Seconds()
		s.ladder.mu.Unlock()
		kept := 1.0
		if len(w.get()) > 0 {
			kept = 0
		}
		if err := s.Close(context.Background(), "publisher_closed"); err != nil {
			b.Fatal(err)
		}
		rends, segs := 0, 0 // read once the publisher goroutine is done
		for _, r := range s.ladder.rends {
			if r.count > 0 {
				rends++
				segs += r.count
			}
		}
		b.ReportMetric(enc/seconds, "encoder-cores")
		b.ReportMetric(self/seconds, "vidra-cores")
		b.ReportMetric(float64(rends), "renditions")
		b.ReportMetric(float64(segs), "rendition-segments")
		b.ReportMetric(kept, "realtime")
		b.ReportMetric(0, "ns/op")
		b.Logf("wall %.1f s, warnings %v, load %s", wall, w.get(), loadavg())
	}
}

// loadavg is the machine's load average (1, 5, 15 min), for the figures' context.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
