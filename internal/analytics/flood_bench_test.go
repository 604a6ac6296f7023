package analytics_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkRejectFlood measures refused beacons over real HTTP on each
// database: b.N beacons for made-up project ids from one address over its rate
// (1/s), four clients at a time, the writer flushed before the clock stops.
// Reported: the analytics_drops rows they added per 10,000 (the issue's
// figure; run with -benchtime 10000x) and the time per refused request.
func BenchmarkRejectFlood(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d, apptest.Options{Env: map[string]string{"VIDRA_ANALYTICS_RATE_PER_IP": "1",
				"VIDRA_TRUSTED_PROXIES": "127.0.0.0/8"}})
			base := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops`)
			b.SetParallelism(2)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					bc := beacon{V: 1, ViewID: uuid.NewString(), VideoID: uuid.NewString(),
						Events: []ev{{0, "viewstart", time.Now().UnixMilli(), 0, "", false}}}
					st, err := send(s, uuid.NewString(), bc, "192.0.2.1")
					if err != nil || (st != http.StatusTooManyRequests && st != http.StatusNotFound) {
						b.Errorf("status %d %v, want 429 or 404", st, err)
						return
					}
				}
			})
			s.FlushAnalytics()
			b.StopTimer()
			rows := s.SQLInt(`SELECT COUNT(*) FROM analytics_drops`) - base
			b.ReportMetric(float64(rows)*10_000/float64(b.N), "drop-rows/10k")
		})
	}
}
