package analytics

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// queueMaintenance is the jobs package's maintenance queue (short housekeeping).
const queueMaintenance = "maintenance"

var activeStates = []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled,
}

// RollupArgs asks for the dirty hours to be rolled up.
type RollupArgs struct{}

// Kind names the job.
func (RollupArgs) Kind() string { return "analytics_rollup" }

// InsertOpts put the rollup on the maintenance queue, one at a time.
func (RollupArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueMaintenance, MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: activeStates}}
}

// RetentionArgs asks for analytics older than the retention to be deleted.
type RetentionArgs struct{}

// Kind names the job.
func (RetentionArgs) Kind() string { return "analytics_retention" }

// InsertOpts put the purge on the maintenance queue, one at a time.
func (RetentionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueMaintenance, MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: activeStates}}
}

// Jobs are the analytics background jobs of a process.
type Jobs struct {
	Store     AnalyticsStore
	Retention Retention
	Log       *slog.Logger
}

// AddWorkers registers the rollup and retention workers.
func (j *Jobs) AddWorkers(w *river.Workers) {
	river.AddWorker(w, &rollupWorker{j: j})
	river.AddWorker(w, &retentionWorker{j: j})
}

// Periodic returns the rollup (every interval) and the purge (hourly), both run
// at start.
func (j *Jobs) Periodic(rollupEvery time.Duration) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(rollupEvery),
			func() (river.JobArgs, *river.InsertOpts) { return RollupArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true, ID: "analytics_rollup"}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) { return RetentionArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true, ID: "analytics_retention"}),
	}
}

type rollupWorker struct {
	river.WorkerDefaults[RollupArgs]
	j *Jobs
}

// Work rolls up every dirty hour, a batch at a time.
func (w *rollupWorker) Work(ctx context.Context, _ *river.Job[RollupArgs]) error {
	for {
		n, err := w.j.Store.Rollup(ctx)
		if err != nil || n < rollupBatch {
			return err
		}
	}
}

type retentionWorker struct {
	river.WorkerDefaults[RetentionArgs]
	j *Jobs
}

// Work deletes analytics past their retention.
func (w *retentionWorker) Work(ctx context.Context, _ *river.Job[RetentionArgs]) error {
	n, err := w.j.Store.Purge(ctx, w.j.Retention, time.Now())
	if n > 0 && w.j.Log != nil {
		w.j.Log.InfoContext(ctx, "analytics retention", "deleted", n)
	}
	return err
}
