package app_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/poll"
)

// TestPeriodicJobsRunInAServedQueue starts a real server and waits for its
// periodic jobs (all run at start) to complete. A job whose arguments name no
// queue lands in River's default queue, which no server runs: the invoice PDF
// job did, so PDFs were rendered only when downloaded.
func TestPeriodicJobsRunInAServedQueue(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		kinds := []string{billing.AdvanceArgs{}.Kind(), billing.PDFArgs{}.Kind()}
		deadline := time.Now().Add(30 * time.Second)
		for _, kind := range kinds {
			if !poll.Within(time.Until(deadline), func() bool {
				return s.SQLInt("SELECT count(*) FROM river_job WHERE kind = ? AND state = 'completed'", kind) > 0
			}) {
				t.Fatalf("periodic job %s never completed; queues: %d jobs outside the served queues", kind,
					s.SQLInt("SELECT count(*) FROM river_job WHERE kind = ? AND queue NOT IN (?, ?, ?)",
						kind, jobs.QueueMedia, jobs.QueueMaintenance, jobs.QueueWebhooks))
			}
		}
		if n := s.SQLInt("SELECT count(*) FROM river_job WHERE queue NOT IN (?, ?, ?)",
			jobs.QueueMedia, jobs.QueueMaintenance, jobs.QueueWebhooks); n != 0 {
			t.Fatalf("%d jobs wait in a queue no server runs", n)
		}
	})
}
