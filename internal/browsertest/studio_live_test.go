package browsertest_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestStudioLive: in the console, a new user creates a project and a live
// stream, reads its RTMP URL and key from the stream's page, adds, disables
// and removes simulcast targets and renames the stream; ffmpeg then publishes
// a test pattern to the app's real ingest (RTMP and SRT on ports picked at
// run time) with the URL and key the page showed, and the page, without a
// reload, shows the stream live and its preview (the embed player in an
// iframe) plays; once ffmpeg stops, the stream goes back to idle and the
// session is in its history with its recording; the key is reset and the
// stream deleted (browser/studio/scenarios/live.mjs). Both databases; axe-core
// finds no serious violation on any screen.
func TestStudioLive(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			rtmp, srt := freePort(t, "tcp"), freePort(t, "udp")
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{
				"VIDRA_RTMP_ADDR": rtmp, "VIDRA_SRT_ADDR": srt, "VIDRA_RTMPS_ADDR": "",
				"VIDRA_LIVE_RTMP_URL": "rtmp://" + rtmp + "/live", "VIDRA_LIVE_SRT_URL": "srt://" + srt,
				"VIDRA_INGEST_NODE_ID": "studio-live-" + d,
			}})
			if err := s.App.StartIngest(context.Background()); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(s.App.StopIngest)
			pub := startPublisherControl(t)
			res := browsertest.RunStudio(t, browsertest.StudioOptions{
				Base: s.URL, Scenario: "live", Shots: studioShots(t),
				Env: map[string]any{"publisher": pub}, Timeout: 5 * time.Minute,
			})
			for k, v := range res.Values {
				t.Logf("%s: %s", k, v)
			}
		})
	}
}

// freePort is a local address (127.0.0.1:port) on a port of network ("tcp"
// or "udp") free a moment ago, for a listener that must be named before it
// starts (the ingest's URLs are configured with the server).
func freePort(t *testing.T, network string) string {
	t.Helper()
	if network == "udp" {
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = c.Close() }()
		return c.LocalAddr().String()
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	return l.Addr().String()
}

// startPublisherControl serves the scenario's publisher: POST /start?url=
// starts ffmpeg publishing a test pattern with a tone to that RTMP URL (one at
// a time), POST /stop stops it cleanly (SIGINT: ffmpeg ends the RTMP stream
// with deleteStream). The process is killed at cleanup if still running.
func startPublisherControl(t *testing.T) string {
	var mu sync.Mutex
	var cmd *exec.Cmd
	var done chan struct{}
	stop := func() {
		if cmd == nil {
			return
		}
		_ = cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		cmd = nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch r.URL.Path {
		case "/start":
			if cmd != nil {
				http.Error(w, "a publisher is running", http.StatusConflict)
				return
			}
			c := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin",
				"-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25",
				"-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
				"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "50", "-pix_fmt", "yuv420p",
				"-c:a", "aac", "-b:a", "64k", "-t", strconv.Itoa(240), "-f", "flv", r.URL.Query().Get("url"))
			c.Stderr = os.Stderr
			if err := c.Start(); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			cmd, done = c, make(chan struct{})
			go func(c *exec.Cmd, done chan struct{}) { _ = c.Wait(); close(done) }(c, done)
		case "/stop":
			stop()
		default:
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(func() {
		srv.Close()
		mu.Lock()
		defer mu.Unlock()
		stop()
	})
	return srv.URL
}
