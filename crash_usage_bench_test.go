//go:build linux

package main

import (
	"bytes"
	"database/sql"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	_ "github.com/lib/pq"  // the benchmark reads the killed server's PostgreSQL
	_ "modernc.org/sqlite" // or its SQLite file

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkUsageLostOnKill measures the delivered usage a kill -9 loses: a
// server serves a 94 KB segment to 4 clients for 14.5 s (so the kill lands
// mid-way between two of the meter's 10 s flushes), is killed, and the bytes
// the clients received are compared with usage_hourly's. Metrics: lost-bytes,
// and s-lost (how many seconds of delivery before the kill the lost bytes
// are, from the clients' arrival times; the target is at most 10).
func BenchmarkUsageLostOnKill(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			var lostSum, secsSum float64
			for range b.N {
				lost, secs := usageLostOnKill(b, d)
				lostSum += float64(lost)
				secsSum += secs
			}
			b.ReportMetric(lostSum/float64(b.N), "lost-bytes")
			b.ReportMetric(secsSum/float64(b.N), "s-lost")
		})
	}
}

// usageLostOnKill runs one kill and returns the bytes lost and what that is
// in seconds of delivery.
func usageLostOnKill(b *testing.B, d string) (int64, float64) {
	b.StopTimer()
	c := newCluster(b, d)
	srv := c.start("server", map[string]string{"VIDRA_WORKERS": "false"})
	c.waitHealthy(srv, 60*time.Second)
	s := apptest.Remote(b, c.URL())
	s.Token = s.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	proj := s.CreateProject(s.CreateOrganization("Acme"), "Bench")
	video := s.CreateVideo(proj, "", "Segment")
	dir := filepath.Join(c.dataDir, "blobs", "videos", video, "hls", "360p")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "seg_00000.ts"), bytes.Repeat([]byte{0x47}, 188*500), 0o644); err != nil {
		b.Fatal(err)
	}
	url := c.URL() + "/v1/play/" + video + "/360p/seg_00000.ts"
	var received atomic.Int64
	// deliveries are the responses received, in order of arrival, so the loss
	// is measured in the seconds of delivery before the kill it amounts to.
	type delivery struct {
		at time.Time
		n  int64
	}
	var mu sync.Mutex
	var deliveries []delivery
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				res, err := http.Get(url)
				if err != nil {
					continue // the server is gone
				}
				n, _ := io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
				if res.StatusCode == http.StatusOK {
					received.Add(n)
					mu.Lock()
					deliveries = append(deliveries, delivery{time.Now(), n})
					mu.Unlock()
				}
			}
		}()
	}
	b.StartTimer()
	// The span is the scenario: 14.5 s of load puts the kill mid-way between
	// two of the meter's 10 s flushes.
	time.Sleep(14500 * time.Millisecond)
	srv.kill()
	killed := time.Now()
	b.StopTimer()
	close(stop)
	wg.Wait()
	counted := countedBytes(b, c, d)
	lost := received.Load() - counted
	if counted <= 0 || lost < 0 {
		b.Fatalf("received %d bytes, counted %d", received.Load(), counted)
	}
	// The seconds lost: how far back from the kill the last lost bytes go.
	var sum int64
	secs := 0.0
	for i := len(deliveries) - 1; i >= 0 && sum < lost; i-- {
		sum += deliveries[i].n
		secs = killed.Sub(deliveries[i].at).Seconds()
	}
	return lost, secs
}

// countedBytes is the delivered bytes the killed server committed.
func countedBytes(b *testing.B, c *cluster, d string) int64 {
	b.Helper()
	driver, dsn := "sqlite", filepath.Join(c.dataDir, "vidra.db")
	if d == dialect.Postgres {
		driver, dsn = "postgres", c.env["VIDRA_DATABASE_URL"]
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	var n int64
	if err := db.QueryRow(`SELECT COALESCE(SUM(quantity), 0) FROM usage_hourlies WHERE metric = 'delivered_bytes'`).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}
