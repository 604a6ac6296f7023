package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// loginBurst is how many anonymous logins arrive at once in
// BenchmarkSignedInWriteDuringLoginBurst (issue 43 item 2).
const loginBurst = 100

// BenchmarkSignedInWriteDuringLoginBurst measures, over real HTTP, the latency
// of a signed-in write (creating a tag) sent one after another while
// loginBurst anonymous logins arrive at once, each iteration one burst.
// Reported: the writes' p50, p99 and max (ms), how many logins of a burst were
// refused (429) or failed otherwise (anything but 200 and 429), and the peak
// of the heap during the bursts (MB), which argon2id's 19 MiB per concurrent
// hash dominates.
func BenchmarkSignedInWriteDuringLoginBurst(b *testing.B) {
	forEachDialectBench(b, func(b *testing.B, s *apptest.Server) {
		org := s.CreateOrganization("burst")
		project := s.CreateProject(org, "burst")
		anon := s.Anonymous()
		var (
			latencies        []time.Duration
			refused, failed  int
			peakHeap         atomic.Uint64
			writeErrs, round int
		)
		stopHeap := sampleHeap(&peakHeap)
		b.ResetTimer()
		for b.Loop() {
			round++
			ctx, cancel := context.WithCancel(context.Background())
			var logins sync.WaitGroup
			var codes sync.Map
			for range loginBurst {
				logins.Go(func() {
					status, _, _, err := restLogin(context.Background(), anon, apptest.DefaultEmail, apptest.DefaultPassword)
					if err != nil {
						status = -1
					}
					n, _ := codes.LoadOrStore(status, new(atomic.Int64))
					n.(*atomic.Int64).Add(1)
				})
			}
			done := make(chan struct{})
			go func() { logins.Wait(); close(done) }()
			for i := 0; ; i++ {
				select {
				case <-done:
				default:
					start := time.Now()
					status, err := tagWrite(ctx, s, project, fmt.Sprintf("r%d-w%d", round, i))
					latencies = append(latencies, time.Since(start))
					if err != nil || status != http.StatusOK {
						writeErrs++
					}
					continue
				}
				break
			}
			cancel()
			codes.Range(func(k, v any) bool {
				switch k.(int) {
				case http.StatusOK:
				case http.StatusTooManyRequests:
					refused += int(v.(*atomic.Int64).Load())
				default:
					failed += int(v.(*atomic.Int64).Load())
				}
				return true
			})
		}
		b.StopTimer()
		stopHeap()
		if len(latencies) == 0 {
			b.Fatal("no write ran during the bursts")
		}
		slices.Sort(latencies)
		at := func(q float64) float64 {
			return float64(latencies[min(len(latencies)-1, int(q*float64(len(latencies))))].Microseconds()) / 1000
		}
		b.ReportMetric(at(0.50), "write_p50_ms")
		b.ReportMetric(at(0.99), "write_p99_ms")
		b.ReportMetric(float64(latencies[len(latencies)-1].Microseconds())/1000, "write_max_ms")
		b.ReportMetric(float64(len(latencies))/float64(round), "writes/burst")
		b.ReportMetric(float64(writeErrs)/float64(round), "write_errors/burst")
		b.ReportMetric(float64(refused)/float64(round), "logins_429/burst")
		b.ReportMetric(float64(failed)/float64(round), "logins_failed/burst")
		b.ReportMetric(float64(peakHeap.Load())/(1<<20), "peak_heap_MB")
	})
}

// restLogin posts POST /v1/auth/login from a goroutine (no t.Fatal there) and
// returns the status, the Retry-After header and the body.
func restLogin(ctx context.Context, s *apptest.Server, email, password string) (int, string, []byte, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/v1/auth/login", bytes.NewReader(body))
	if err != nil {
		return 0, "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Retry-After"), raw, err
}

// tagWrite creates a tag over REST as the signed-in owner (no t.Fatal: it may
// run beside goroutines) and returns the status.
func tagWrite(ctx context.Context, s *apptest.Server, project, name string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/v1/projects/"+project+"/tags",
		strings.NewReader(`{"name": "`+name+`"}`))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.Token)
	res, err := s.Client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res.StatusCode, nil
}

// sampleHeap keeps the peak of the heap's live objects in peak until stopped.
func sampleHeap(peak *atomic.Uint64) (stop func()) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(quit); <-done }
}
