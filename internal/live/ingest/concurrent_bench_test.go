package ingest_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/poll"
)

// benchSeconds is the length of the pre-encoded 1080p30 input.
const benchSeconds = 12

// BenchmarkLiveConcurrent publishes the same pre-encoded 1080p30 file (H.264
// ~6 Mbit/s + AAC) from N ffmpeg publishers at once (-re -c copy, so they cost
// little; N from VIDRA_BENCH_LIVE_STREAMS, default 16), twice:
//   - into a Vidra ingest node (in this process, PostgreSQL, live HLS and the
//     recording on the app's bucket, no finalize job): vidra-cpu-per-stream-s
//     is this process's CPU time over the run divided by N; every session's
//     recording is probed and au-lost counts the video access units missing
//     from all recordings together; vod-p50-s / vod-max-s are the time from a
//     publisher's exit (the session ends: no reconnect window) to the master
//     playlist naming the whole recording (playable as VOD);
//   - into N plain `ffmpeg -listen 1 -i rtmp://... -c copy -f hls` servers
//     (the same job without Vidra): ffmpeg-cpu-per-stream-s from their rusage.
//
// The database is PostgreSQL (VIDRA_BENCH_LIVE_DIALECT=sqlite3 for the embedded
// one, whose work then counts in Vidra's CPU). ratio is vidra / ffmpeg CPU per stream (target <= 1.2). CPU times are
// exact; the machine may be shared, so wall times (vod-*) are rough.
func BenchmarkLiveConcurrent(b *testing.B) {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			b.Skipf("%s not installed", tool)
		}
	}
	n := 16
	if v := os.Getenv("VIDRA_BENCH_LIVE_STREAMS"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	input, frames := preEncode(b)
	for range b.N {
		vidra, lost, vod := vidraRun(b, input, frames, n)
		plain := ffmpegRun(b, input, n)
		b.ReportMetric(vidra/float64(n), "vidra-cpu-per-stream-s")
		b.ReportMetric(plain/float64(n), "ffmpeg-cpu-per-stream-s")
		b.ReportMetric(vidra/plain, "ratio")
		b.ReportMetric(float64(lost), "au-lost")
		sort.Float64s(vod)
		b.ReportMetric(vod[len(vod)/2], "vod-p50-s")
		b.ReportMetric(vod[len(vod)-1], "vod-max-s")
		b.ReportMetric(float64(n), "streams")
	}
	b.ReportMetric(0, "ns/op")
}

// preEncode writes the benchmark's input and returns it with its video frames.
func preEncode(b *testing.B) (string, int) {
	b.Helper()
	path := filepath.Join(b.TempDir(), "in.flv")
	out, err := exec.Command("nice", "-n", "19", "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
		"-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.Itoa(benchSeconds), "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p",
		"-b:v", "6M", "-maxrate", "6M", "-bufsize", "12M", "-c:a", "aac", "-b:a", "128k", "-f", "flv", path).CombinedOutput()
	if err != nil {
		b.Fatalf("pre-encode: %v: %s", err, out)
	}
	return path, countVideo(b, path)
}

// countVideo is ffprobe's count of the video packets of a file or URL.
func countVideo(b *testing.B, src string) int {
	b.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-count_packets", "-select_streams", "v:0",
		"-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", src).CombinedOutput()
	if err != nil {
		b.Fatalf("ffprobe %s: %v: %s", src, err, out)
	}
	// HLS input lists the stream once per program: the first count is it.
	fields := strings.Fields(string(out))
	if len(fields) == 0 {
		b.Fatalf("ffprobe %s: no count", src)
	}
	c, err := strconv.Atoi(fields[0])
	if err != nil {
		b.Fatalf("ffprobe %s: %q", src, out)
	}
	return c
}

// cpuSelf is this process's user+system CPU time.
func cpuSelf() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// startPublisher starts ffmpeg sending input as it is, in real time, to url.
func startPublisher(b *testing.B, input, url string) *exec.Cmd {
	b.Helper()
	cmd := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-i", input,
		"-c", "copy", "-f", "flv", url)
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return cmd
}

// vidraRun publishes n streams into a Vidra ingest node and returns its CPU
// seconds, the video access units lost and each session's time to VOD.
func vidraRun(b *testing.B, input string, frames, n int) (cpu float64, lost int, vod []float64) {
	dialect := "postgres"
	if d := os.Getenv("VIDRA_BENCH_LIVE_DIALECT"); d != "" {
		dialect = d
	}
	s := apptest.New(b, dialect)
	org := s.CreateOrganization("Bench org")
	project := uuid.MustParse(s.CreateProject(org, "Bench"))
	ctx := apptest.System()
	node, err := ingest.Start(context.Background(), ingest.Config{RTMPAddr: "127.0.0.1:0", NodeID: "bench"}, ingest.Deps{
		Client: s.App.DB.Client, Changes: s.App.Changes,
		Media: func(ctx context.Context, o ingest.MediaOptions) (ingest.Media, error) {
			lo := s.App.LiveHLSOptions()
			lo.ProjectID, lo.StreamID, lo.SessionID, lo.VideoID = o.ProjectID, o.StreamID, o.SessionID, o.VideoID
			lo.LatencyMode, lo.Record = o.LatencyMode, o.Record
			lo.Queue = nil // the VOD ladder is not what is measured
			return livehls.Open(ctx, lo)
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	defer node.Close()
	keys := make([]string, n)
	streams := make([]uuid.UUID, n)
	for i := range keys {
		keys[i] = livekey.New()
		st := s.App.DB.Client.LiveStream.Create().SetProjectID(project).SetName(fmt.Sprintf("Bench %d", i)).
			SetKeyHash(livekey.Hash(keys[i])).SetKeyLast4(livekey.Last4(keys[i])).
			SetReconnectWindowSeconds(0).SaveX(ctx)
		streams[i] = st.ID
	}
	start := cpuSelf()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range keys {
		cmd := startPublisher(b, input, "rtmp://"+node.Addr(ingest.ProtocolRTMP)+"/live/"+keys[i])
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := cmd.Wait()
			ended := time.Now()
			if err != nil {
				b.Errorf("publisher %d: %v", i, err)
				return
			}
			d, ok := untilVOD(s, streams[i])
			if !ok {
				b.Errorf("stream %d: no VOD within 60 s", i)
				return
			}
			mu.Lock()
			vod = append(vod, d.Sub(ended).Seconds())
			mu.Unlock()
		}()
	}
	wg.Wait()
	cpu = (cpuSelf() - start).Seconds()
	if b.Failed() {
		b.FailNow()
	}
	for _, id := range streams {
		sess := s.App.DB.Client.LiveSession.Query().Where(livesession.LiveStreamID(id)).OnlyX(ctx)
		got := countVideo(b, s.URL+"/v1/play/"+sess.VideoID.String()+"/live/recording.m3u8")
		if got < frames {
			lost += frames - got
		}
	}
	return cpu, lost, vod
}

// untilVOD polls the master playlist of the stream's session until it names
// the whole recording, and returns when it did (to 20 ms, the polling pace).
func untilVOD(s *apptest.Server, stream uuid.UUID) (time.Time, bool) {
	var at time.Time
	ok := poll.Every(20*time.Millisecond, 60*time.Second, func() bool {
		sess, err := s.App.DB.Client.LiveSession.Query().Where(livesession.LiveStreamID(stream)).Only(apptest.System())
		if err != nil || sess.VideoID == nil {
			return false
		}
		res, err := http.Get(s.URL + "/v1/play/" + sess.VideoID.String() + "/master.m3u8")
		if err != nil {
			return false
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		at = time.Now()
		return strings.Contains(string(body), "live/recording.m3u8")
	})
	return at, ok
}

// ffmpegRun publishes n streams into n `ffmpeg -listen 1 ... -c copy -f hls`
// servers and returns their CPU seconds together.
func ffmpegRun(b *testing.B, input string, n int) float64 {
	dir := b.TempDir()
	servers := make([]*exec.Cmd, n)
	for i := range servers {
		port := freePort(b)
		out := filepath.Join(dir, strconv.Itoa(i))
		if err := os.MkdirAll(out, 0o755); err != nil {
			b.Fatal(err)
		}
		srv := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-listen", "1",
			"-i", fmt.Sprintf("rtmp://127.0.0.1:%d/live/s", port), "-c", "copy", "-f", "hls",
			"-hls_time", "2", "-hls_list_size", "0", filepath.Join(out, "index.m3u8"))
		if err := srv.Start(); err != nil {
			b.Fatal(err)
		}
		servers[i] = srv
		waitListening(b, port)
		pub := startPublisher(b, input, fmt.Sprintf("rtmp://127.0.0.1:%d/live/s", port))
		defer func() { _ = pub.Wait() }()
	}
	var cpu time.Duration
	for i, srv := range servers {
		if err := srv.Wait(); err != nil {
			b.Fatalf("ffmpeg hls server %d: %v", i, err)
		}
		ru := srv.ProcessState.SysUsage().(*syscall.Rusage)
		cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return cpu.Seconds()
}

// freePort is a loopback TCP port free a moment ago.
func freePort(b *testing.B) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitListening waits until something accepts on the loopback port.
func waitListening(b *testing.B, port int) {
	// A probe connection would be taken as the publisher by ffmpeg's
	// single-client listener: look at the socket table instead.
	if !poll.Every(20*time.Millisecond, 10*time.Second, func() bool {
		data, _ := os.ReadFile("/proc/net/tcp")
		return strings.Contains(string(data), fmt.Sprintf(":%04X 00000000:0000 0A", port))
	}) {
		b.Fatalf("nothing listens on %d", port)
	}
}
