package app_test

import (
	"slices"
	"testing"
	"time"
)

// reportLatencies reports the p50, p99 and maximum of latencies, in
// milliseconds, as the benchmark's metrics.
func reportLatencies(bm *testing.B, latencies []time.Duration) {
	bm.Helper()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	bm.ReportMetric(pct(0.50), "p50-ms")
	bm.ReportMetric(pct(0.99), "p99-ms")
	bm.ReportMetric(float64(latencies[len(latencies)-1].Microseconds())/1000, "max-ms")
}
