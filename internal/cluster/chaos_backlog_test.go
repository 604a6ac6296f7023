package cluster_test

import (
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/cluster"
)

// runningJob is a process_video job a worker was seen running.
type runningJob struct {
	id int64
	// worker is the name of the process running it (w1, w2).
	worker string
	// attempt is the attempt it was running.
	attempt int
}

// waitTranscoding waits until a worker runs a process_video job and returns
// it: River records the client that runs a job, whose id holds the process's
// pid (host_pid_random). On a fast machine the videos uploaded so far may all
// be ready already: more is uploaded meanwhile (more).
func waitTranscoding(t *testing.T, c *cluster.Cluster, db *sql.DB, more func()) runningJob {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var client string
		var j runningJob
		err := db.QueryRow(`SELECT id, attempt, attempted_by[array_length(attempted_by, 1)] FROM river_job
			WHERE kind = 'process_video' AND state = 'running' ORDER BY id LIMIT 1`).Scan(&j.id, &j.attempt, &client)
		switch {
		case err == nil:
			parts := strings.Split(client, "_")
			for _, name := range []string{"w1", "w2"} {
				if p := c.Process(name); len(parts) >= 3 && p != nil && parts[len(parts)-2] == strconv.Itoa(p.Pid()) {
					j.worker = name
					return j
				}
			}
		case errors.Is(err, sql.ErrNoRows):
			more()
			continue
		default:
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no worker was seen transcoding")
	return runningJob{}
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

// timeToRunningAgain waits until job runs again (a later attempt) and returns
// how long after since that was.
func timeToRunningAgain(t *testing.T, db *sql.DB, j runningJob, since time.Time, timeout time.Duration) time.Duration {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var state string
		var attempt int
		var attemptedAt time.Time
		if err := db.QueryRow(`SELECT state, attempt, attempted_at FROM river_job WHERE id = $1`, j.id).
			Scan(&state, &attempt, &attemptedAt); err != nil {
			t.Fatal(err)
		}
		if attempt > j.attempt {
			return attemptedAt.Sub(since)
		}
		if state == "completed" || state == "discarded" || state == "cancelled" {
			t.Fatalf("job %d of the killed worker ended %s without running again", j.id, state)
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %d of the killed worker is still %s (attempt %d) %s after the kill", j.id, state, attempt, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
