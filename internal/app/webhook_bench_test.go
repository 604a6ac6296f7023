package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkWebhookDelivery measures deliveries per second to a fast loopback
// receiver and the latency from a committed change (createVideo's answer) to the
// receiver getting its video.created, on each database.
func BenchmarkWebhookDelivery(b *testing.B) {
	const n = 200
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d, apptest.Options{Env: map[string]string{"VIDRA_JOB_POLL_INTERVAL": "10ms"}})
			var mu sync.Mutex
			arrived := map[string]time.Time{}
			// all is closed when the n-th delivery of an iteration arrives.
			var all chan struct{}
			rcv := newLoopback(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var ev struct{ Data struct{ ID string } }
				_ = decodeJSON(r, &ev)
				mu.Lock()
				arrived[ev.Data.ID] = time.Now()
				if len(arrived) == n && all != nil {
					close(all)
					all = nil
				}
				mu.Unlock()
				w.WriteHeader(http.StatusNoContent)
			}))
			proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
			var out struct{ CreateWebhookEndpoint struct{ Secret string } }
			s.MustGraphQL(`mutation($p: ID!, $u: String!) { createWebhookEndpoint(projectID: $p, input: {url: $u, eventTypes: ["video.created"]}) { secret } }`,
				map[string]any{"p": proj, "u": rcv + "/hook"}, &out)
			for i := 0; i < b.N; i++ {
				mu.Lock()
				clear(arrived)
				done := make(chan struct{})
				all = done
				mu.Unlock()
				committed := make(map[string]time.Time, n)
				start := time.Now()
				for j := 0; j < n; j++ {
					id := s.CreateVideo(proj, "", fmt.Sprintf("v%d", j))
					committed[id] = time.Now()
				}
				select {
				case <-done:
				case <-time.After(2 * time.Minute):
					mu.Lock()
					got := len(arrived)
					mu.Unlock()
					b.Fatalf("%d of %d deliveries arrived", got, n)
				}
				elapsed := time.Since(start)
				mu.Lock()
				lat := make([]time.Duration, 0, n)
				for id, at := range committed {
					lat = append(lat, arrived[id].Sub(at))
				}
				mu.Unlock()
				sort.Slice(lat, func(a, c int) bool { return lat[a] < lat[c] })
				b.ReportMetric(float64(n)/elapsed.Seconds(), "deliveries/s")
				b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-latency-ms")
				b.ReportMetric(float64(lat[len(lat)*99/100].Milliseconds()), "p99-latency-ms")
			}
		})
	}
}

// decodeJSON reads a JSON request body into v.
func decodeJSON(r *http.Request, v any) error {
	return json.NewDecoder(r.Body).Decode(v)
}
