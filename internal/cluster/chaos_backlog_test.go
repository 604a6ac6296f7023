package cluster_test

import (
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
)

// waitTranscoding waits until a worker runs a process_video job and returns
// it (see workerOf for the process that runs it). On a fast machine the videos
// uploaded so far may all be ready already: more is uploaded meanwhile (more).
func waitTranscoding(t *testing.T, db *sql.DB, more func()) (video string, job videoJob) {
	t.Helper()
	if !poll.Within(2*time.Minute, func() bool {
		err := db.QueryRow(`SELECT args->>'video_id' FROM river_job
			WHERE kind = 'process_video' AND state = 'running' ORDER BY id LIMIT 1`).Scan(&video)
		switch {
		case err == nil:
			job = jobOfVideo(t, db, video)
			return job.State == "running"
		case errors.Is(err, sql.ErrNoRows):
			more()
			return false
		default:
			t.Fatal(err)
			return false
		}
	}) {
		t.Fatal("no worker was seen transcoding")
	}
	return video, job
}

// queuedVideoJobs counts process_video jobs waiting for a worker.
func queuedVideoJobs(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'process_video'
		AND state IN ('available', 'scheduled', 'retryable')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
