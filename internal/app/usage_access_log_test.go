package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

// accessBuffer collects the JSON log lines of a server.
type accessBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *accessBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// playLines are the access log's lines for /v1/play that succeeded (2xx):
// path, status and bytes.
func (b *accessBuffer) playLines(t *testing.T) []accessLine {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []accessLine
	sc := bufio.NewScanner(bytes.NewReader(b.buf.Bytes()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l accessLine
		if json.Unmarshal(sc.Bytes(), &l) != nil || l.Msg != "request" || !strings.HasPrefix(l.Path, "/v1/play/") {
			continue
		}
		out = append(out, l)
	}
	return out
}

type accessLine struct {
	Msg    string `json:"msg"`
	Path   string `json:"path"`
	Method string `json:"method"`
	Status int    `json:"status"`
	Bytes  int64  `json:"bytes"`
}

// TestDeliveredBytesEqualTheAccessLog serves a video's playlists and segments
// whole, by single and multiple ranges, by HEAD, refused (404) and aborted by
// the client mid-body, on both databases; once the meter is flushed,
// usage_hourly's delivered bytes equal the sum of the access log's bytes of
// the successful /v1/play responses, to the byte, and the delivered seconds
// are the EXTINF of the segments served whole.
func TestDeliveredBytesEqualTheAccessLog(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			logs := &accessBuffer{}
			a, url := startLoggedApp(t, d, logs)
			ctx := tenancy.SystemContext(context.Background(), "test fixture: delivered bytes")
			c := a.DB.Client
			org := c.Organization.Create().SetName("Acme").SaveX(ctx)
			proj := c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx)
			v := c.Video.Create().SetProject(proj).SetTitle("v").SaveX(ctx)
			prefix := "videos/" + v.ID.String() + "/hls/360p/"
			small := bytes.Repeat([]byte{0x47}, 188*50)
			big := bytes.Repeat([]byte{0x47}, 188*40_000) // 7.5 MB: the aborted download
			playlist := "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:3.960,\nseg_00000.ts\n#EXTINF:2.040,\nseg_00001.ts\n#EXT-X-ENDLIST\n"
			for key, body := range map[string][]byte{prefix + "seg_00000.ts": small, prefix + "seg_00001.ts": big, prefix + "index.m3u8": []byte(playlist)} {
				if err := a.Bucket.WriteAll(ctx, key, body, nil); err != nil {
					t.Fatal(err)
				}
			}
			base := url + "/v1/play/" + v.ID.String() + "/360p/"
			get := func(method, file, rng string) {
				t.Helper()
				req, _ := http.NewRequest(method, base+file, nil)
				if rng != "" {
					req.Header.Set("Range", rng)
				}
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
			}
			get("GET", "index.m3u8", "")
			get("GET", "seg_00000.ts", "")         // whole: 3.960 s
			get("GET", "seg_00000.ts", "bytes=0-") // whole by range: 3.960 s
			get("GET", "seg_00000.ts", "bytes=100-999")
			get("GET", "seg_00000.ts", "bytes=0-9,50-59") // multipart
			get("GET", "seg_00000.ts", "bytes=-188")
			get("HEAD", "seg_00000.ts", "")
			get("GET", "seg_00009.ts", "") // 404: not billed, not compared
			abortDownload(t, base+"seg_00001.ts", 64<<10)
			// The aborted response's line is logged when its handler returns.
			if !poll.Within(30*time.Second, func() bool { return len(logs.playLines(t)) >= 9 }) {
				t.Fatalf("access lines: %d of 9", len(logs.playLines(t)))
			}
			if err := a.FlushUsage(ctx); err != nil {
				t.Fatal(err)
			}
			var logged, aborted int64
			for _, l := range logs.playLines(t) {
				if l.Status >= 200 && l.Status < 300 {
					logged += l.Bytes
				}
				if strings.HasSuffix(l.Path, "seg_00001.ts") {
					aborted = l.Bytes
				}
			}
			if aborted <= 0 || aborted >= int64(len(big)) {
				t.Errorf("aborted download logged %d bytes of %d: not a partial body", aborted, len(big))
			}
			now := time.Now()
			tot, err := usage.ScopeTotals(ctx, c, usage.Scope{Organization: org.ID, Project: proj.ID}, now.Add(-2*time.Hour), now.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if tot[usage.DeliveredBytes] != logged {
				t.Errorf("delivered bytes = %d, access log = %d", tot[usage.DeliveredBytes], logged)
			}
			if tot[usage.DeliveredSeconds] != 8 { // 2 × 3.960 s = 7.92 s, rounded once
				t.Errorf("delivered seconds = %d, want 8", tot[usage.DeliveredSeconds])
			}
		})
	}
}

// abortDownload reads n bytes of a large response over a raw connection and
// closes it, as a viewer who seeks away does.
func abortDownload(t *testing.T, url string, n int) {
	t.Helper()
	addr := strings.TrimPrefix(url, "http://")
	host, path, _ := strings.Cut(addr, "/")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /%s HTTP/1.1\r\nHost: %s\r\n\r\n", path, host)
	if _, err := io.ReadFull(conn, make([]byte, n)); err != nil {
		t.Fatal(err)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0) // a reset, so the server's writes fail at once
	}
	_ = conn.Close()
}

// startLoggedApp starts an app whose JSON logs (the access log at info) go to logs.
func startLoggedApp(t *testing.T, dialect string, logs io.Writer) (*app.App, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"VIDRA_DATA_DIR": t.TempDir(), "VIDRA_ADDR": "127.0.0.1:0",
		"VIDRA_PUBLIC_URL": "http://" + ln.Addr().String(), "VIDRA_JOB_POLL_INTERVAL": "50ms"}
	cfg, err := config.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	db := testdb.Open(t, dialect)
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	a, err := app.NewWithDB(context.Background(), cfg, db, app.Options{Version: "test", Log: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Bucket.Close() })
	t.Cleanup(func() { _ = a.StopJobs() })
	t.Cleanup(func() { _ = a.StopRateLimits() })
	t.Cleanup(func() { _ = a.StopAnalytics() })
	t.Cleanup(func() { _ = a.StopUsage() })
	t.Cleanup(a.StopSessionFeed)
	t.Cleanup(a.StopChangeFeed)
	srv := httptest.NewUnstartedServer(a.Handler)
	_ = srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return a, srv.URL
}
