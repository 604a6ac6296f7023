package analytics_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkIngest measures the collector end to end over real HTTP on each
// database: viewers post batches of 10 events (heartbeats continuing their
// view, as a player does), two at a time (the machine's cores); the writer's
// transactions are included (flushed before the clock stops). Reported:
// events/s, the p99 request latency, and the bytes per raw event on disk
// (analytics_events with its indexes).
func BenchmarkIngest(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d, apptest.Options{Env: map[string]string{"VIDRA_ANALYTICS_RATE_PER_IP": "1000000",
				"VIDRA_ANALYTICS_QUEUE": "100000"}})
			project := s.CreateProject(s.CreateOrganization("Acme"), "Bench")
			video := s.CreateVideo(project, "", "Clip")
			url := s.URL + "/collect/v1/" + project + "/events"
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
			const perBatch = 10
			var mu sync.Mutex
			var latencies []time.Duration
			var viewers atomic.Int64
			start := time.Now().Add(-time.Hour).UnixMilli()
			b.SetParallelism(1)
			b.ResetTimer()
			began := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				var local []time.Duration
				view, seq := uuid.NewString(), 0
				viewers.Add(1)
				for pb.Next() {
					if seq >= 360 { // a one-hour view: the next viewer
						view, seq = uuid.NewString(), 0
						viewers.Add(1)
					}
					events := make([]ev, perBatch)
					for i := range events {
						t := start + int64(seq)*10_000
						events[i] = ev{Seq: seq, E: "heartbeat", T: t, Pt: int64(seq) * 10_000}
						if seq == 0 {
							events[i].E = "playing"
						}
						seq++
					}
					body, _ := json.Marshal(beacon{V: 1, ViewID: view, SessionID: view, VideoID: video, UserID: "u", Events: events})
					req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
					req.Header.Set("Content-Type", "text/plain")
					req.Header.Set("User-Agent", desktopUA)
					t0 := time.Now()
					res, err := client.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, res.Body)
					_ = res.Body.Close()
					local = append(local, time.Since(t0))
					if res.StatusCode != http.StatusNoContent {
						b.Errorf("status %d", res.StatusCode)
						return
					}
				}
				mu.Lock()
				latencies = append(latencies, local...)
				mu.Unlock()
			})
			s.FlushAnalytics()
			elapsed := time.Since(began)
			b.StopTimer()
			stored := s.SQLInt(`SELECT COUNT(*) FROM analytics_events`)
			if stored != b.N*perBatch {
				b.Fatalf("%d events stored, %d sent", stored, b.N*perBatch)
			}
			slices.Sort(latencies)
			p99 := latencies[len(latencies)*99/100]
			b.ReportMetric(float64(stored)/elapsed.Seconds(), "events/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			if size := eventBytes(b, s); size > 0 && stored >= 10_000 {
				b.ReportMetric(float64(size)/float64(stored), "B/event")
			}
			b.ReportMetric(0, "ns/op")
			_ = fmt.Sprint()
		})
	}
}

// eventBytes is the on-disk size of analytics_events and its indexes.
func eventBytes(b *testing.B, s *apptest.Server) int64 {
	var n int64
	var err error
	if s.App.DB.Dialect == "postgres" {
		err = s.App.DB.SQL.QueryRow(`SELECT pg_total_relation_size('analytics_events')`).Scan(&n)
	} else {
		err = s.App.DB.SQL.QueryRow(`SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN
			(SELECT name FROM sqlite_master WHERE tbl_name = 'analytics_events')`).Scan(&n)
	}
	if err != nil {
		b.Logf("event size: %v", err)
		return 0
	}
	return n
}
