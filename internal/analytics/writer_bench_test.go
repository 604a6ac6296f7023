package analytics

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkWriter measures the writer alone, without HTTP and the collector:
// batches of 10 heartbeats of 50 views playing side by side (each an hour
// long, then the next view) are queued as fast as the queue takes them, and
// the clock stops once they are written. It tells the ingest's database side
// from the HTTP side BenchmarkIngest also measures.
func BenchmarkWriter(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			db := testdb.Open(b, d).SQL
			w := NewWriter(NewSQLStore(db, d), WriterOptions{QueueSize: 100_000})
			defer func() { _ = w.Close(context.Background()) }()
			const perBatch, viewers = 10, 50
			project, video := uuid.New(), uuid.New()
			start := time.Now().Add(-time.Hour).UnixMilli()
			views, seqs := make([]uuid.UUID, viewers), make([]int, viewers)
			for k := range views {
				views[k] = uuid.New()
			}
			b.ResetTimer()
			began := time.Now()
			for i := 0; i < b.N; i++ {
				k := i % viewers
				if seqs[k] >= 360 {
					views[k], seqs[k] = uuid.New(), 0
				}
				evs := make([]Event, perBatch)
				for j := range evs {
					s := seqs[k]
					evs[j] = Event{Seq: s, Type: EvHeartbeat, TsMs: start + int64(s)*10_000, PlayMs: int64(s) * 10_000}
					if s == 0 {
						evs[j].Type = EvPlaying
					}
					seqs[k]++
				}
				r := &ViewRecord{Project: project, Video: video, View: views[k], UserID: "u", SessionID: views[k].String(),
					Device: "desktop", StreamType: "on_demand", GapCapMs: 20_000, Events: evs}
				for w.enqueue(item{view: r}) == ErrQueueFull {
					// A producer backs off while the queue is full: the
					// bench measures the writer at that back-pressure.
					time.Sleep(time.Millisecond)
				}
			}
			if err := w.Flush(context.Background()); err != nil {
				b.Fatal(err)
			}
			elapsed := time.Since(began)
			b.StopTimer()
			var stored int
			if err := db.QueryRow(`SELECT COUNT(*) FROM analytics_events`).Scan(&stored); err != nil {
				b.Fatal(err)
			}
			if stored != b.N*perBatch || w.Stats().Lost != 0 {
				b.Fatalf("%d events stored, %d sent, %d queue entries lost", stored, b.N*perBatch, w.Stats().Lost)
			}
			b.ReportMetric(float64(stored)/elapsed.Seconds(), "events/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
