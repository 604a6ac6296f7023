package idempotency

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// CleanupArgs asks for the expired idempotency keys to be removed.
type CleanupArgs struct{}

// Kind names the job.
func (CleanupArgs) Kind() string { return "idempotency_cleanup" }

// InsertOpts run the cleanup once at a time on the maintenance queue.
func (CleanupArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "maintenance", MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Jobs is the periodic removal of expired keys.
type Jobs struct {
	Store *Store
	Log   *slog.Logger
}

// AddWorkers registers the cleanup worker.
func (j *Jobs) AddWorkers(w *river.Workers) {
	river.AddWorker(w, &cleanupWorker{j: j})
}

// Periodic returns the cleanup, run at start and every interval.
func (j *Jobs) Periodic(interval time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) { return CleanupArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "idempotency_cleanup"})
}

type cleanupWorker struct {
	river.WorkerDefaults[CleanupArgs]
	j *Jobs
}

// Work removes the expired keys.
func (w *cleanupWorker) Work(ctx context.Context, _ *river.Job[CleanupArgs]) error {
	n, err := w.j.Store.DeleteExpired(ctx)
	if err == nil && n > 0 && w.j.Log != nil {
		w.j.Log.InfoContext(ctx, "expired idempotency keys removed", "count", n)
	}
	return err
}
