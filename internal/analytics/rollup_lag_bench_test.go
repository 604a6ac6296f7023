package analytics_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkRollupLag measures how long a view takes to reach the hourly rollup
// with the default settings (the writer's batching, the rollup job every 30 s),
// while background viewers keep the writer and the rollup busy. Each of b.N
// probes, two a second, starts a view of the probe video; a poller reads the
// probe video's attempts in analytics_hourly every 100 ms, and a probe's lag is
// the time from its beacon's answer to the poll that first counts it.
// Reported: lag p50, p99 and max in seconds, and the background events/s.
func BenchmarkRollupLag(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d, apptest.Options{Env: map[string]string{"VIDRA_ANALYTICS_RATE_PER_IP": "1000000"}})
			project := s.CreateProject(s.CreateOrganization("Acme"), "Lag")
			probeVideo := s.CreateVideo(project, "", "Probe")
			loadVideo := s.CreateVideo(project, "", "Load")
			url := s.URL + "/collect/v1/" + project + "/events"
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
			send := func(view, video string, seq int, kind string) error {
				now := time.Now().UnixMilli()
				body, _ := json.Marshal(beacon{V: 1, ViewID: view, SessionID: view, VideoID: video, UserID: "u",
					Events: []ev{{Seq: seq, E: kind, T: now, Pt: int64(seq) * 10_000}}})
				req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
				req.Header.Set("Content-Type", "text/plain")
				req.Header.Set("User-Agent", desktopUA)
				res, err := client.Do(req)
				if err != nil {
					return err
				}
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
				if res.StatusCode != http.StatusNoContent {
					b.Errorf("beacon status %d", res.StatusCode)
				}
				return nil
			}

			done := make(chan struct{})
			var wg sync.WaitGroup
			var loadEvents int
			wg.Add(1)
			go func() { // background viewers: a new one every 10 ms, a heartbeat each
				defer wg.Done()
				views := make([]string, 0, 200)
				seqs := map[string]int{}
				tick := time.NewTicker(10 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-done:
						return
					case <-tick.C:
					}
					if len(views) < cap(views) {
						views = append(views, uuid.NewString())
					}
					for _, v := range views[max(0, len(views)-10):] {
						kind := "heartbeat"
						if seqs[v] == 0 {
							kind = "playing"
						}
						if send(v, loadVideo, seqs[v], kind) == nil {
							seqs[v]++
							loadEvents++
						}
					}
				}
			}()

			sent := make([]time.Time, 0, b.N)
			var mu sync.Mutex
			lags := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			began := time.Now()
			all := make(chan struct{}) // closed by the poller when every probe is counted
			wg.Add(1)
			go func() { // the poller
				defer wg.Done()
				for {
					counted := s.SQLInt(`SELECT COALESCE(SUM(attempts), 0) FROM analytics_hourly WHERE video_id = ?`, probeVideo)
					now := time.Now()
					mu.Lock()
					for len(lags) < counted && len(lags) < len(sent) {
						lags = append(lags, now.Sub(sent[len(lags)]))
					}
					finished := len(lags) == b.N
					mu.Unlock()
					if finished {
						close(all)
						return
					}
					// The poller samples the rollup: its pace is the lag's resolution.
					time.Sleep(100 * time.Millisecond)
				}
			}()
			for range b.N {
				if err := send(uuid.NewString(), probeVideo, 0, "playing"); err != nil {
					b.Fatal(err)
				}
				mu.Lock()
				sent = append(sent, time.Now())
				mu.Unlock()
				// Probes are paced, one every 500 ms, so each lag is measured
				// on its own rather than behind a burst.
				time.Sleep(500 * time.Millisecond)
			}
			select {
			case <-all:
			case <-time.After(5 * time.Minute):
				mu.Lock()
				n := len(lags)
				mu.Unlock()
				b.Fatalf("%d of %d probes reached the rollup in 5 minutes", n, b.N)
			}
			elapsed := time.Since(began)
			b.StopTimer()
			close(done)
			wg.Wait()
			slices.Sort(lags)
			b.ReportMetric(lags[len(lags)/2].Seconds(), "lag-p50-s")
			b.ReportMetric(lags[len(lags)*99/100].Seconds(), "lag-p99-s")
			b.ReportMetric(lags[len(lags)-1].Seconds(), "lag-max-s")
			b.ReportMetric(float64(loadEvents)/elapsed.Seconds(), "load-events/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
