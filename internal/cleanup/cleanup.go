// Package cleanup runs the periodic deletions of rows that have outlived their
// use (expired idempotency keys, rate-limit buckets that are full again) as River
// jobs: one periodic job a task, each run once at a time on the maintenance
// queue, all served by one worker.
package cleanup

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Task is one periodic deletion.
type Task struct {
	// Name names the task in its jobs and its periodic job, e.g. "idempotency_keys".
	Name string
	// What describes the rows removed, for the log, e.g. "expired idempotency keys".
	What string
	// Delete removes what has expired and says how many rows went.
	Delete func(ctx context.Context) (int, error)
}

// Args is a cleanup job: the task it runs.
type Args struct {
	Task string `json:"task"`
}

// Kind names the job.
func (Args) Kind() string { return "cleanup" }

// InsertOpts run each task once at a time on the maintenance queue, without
// retries (the next period runs it again).
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "maintenance", MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Register adds the worker of the tasks to w and returns their periodic jobs,
// run at start and every interval. It is called once with every task.
func Register(w *river.Workers, log *slog.Logger, interval time.Duration, tasks ...Task) []*river.PeriodicJob {
	byName := make(map[string]Task, len(tasks))
	var periodic []*river.PeriodicJob
	for _, t := range tasks {
		byName[t.Name] = t
		args := Args{Task: t.Name}
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(interval),
			func() (river.JobArgs, *river.InsertOpts) { return args, nil },
			&river.PeriodicJobOpts{RunOnStart: true, ID: "cleanup_" + t.Name}))
	}
	river.AddWorker(w, &worker{tasks: byName, log: log})
	return periodic
}

type worker struct {
	river.WorkerDefaults[Args]
	tasks map[string]Task
	log   *slog.Logger
}

// Work runs the job's task.
func (w *worker) Work(ctx context.Context, job *river.Job[Args]) error {
	t, ok := w.tasks[job.Args.Task]
	if !ok {
		return fmt.Errorf("cleanup: no task %q in this process", job.Args.Task)
	}
	n, err := t.Delete(ctx)
	if err == nil && n > 0 && w.log != nil {
		w.log.InfoContext(ctx, "cleanup", "task", t.Name, "removed", n, "what", t.What)
	}
	return err
}
