package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// AdvanceArgs is the periodic job that advances subscriptions (Service.Advance).
type AdvanceArgs struct{}

// PeriodicInsertOpts are the insert options of billing's periodic jobs (the
// advance, the invoice PDFs and the gateway's charges): the maintenance queue
// (River's default queue is not served by any server), once at a time and
// without retries, since the next period runs the job again and every step is
// idempotent.
func PeriodicInsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "maintenance", MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// InsertOpts implements river.JobArgsWithInsertOpts (PeriodicInsertOpts).
func (AdvanceArgs) InsertOpts() river.InsertOpts { return PeriodicInsertOpts() }

// Kind implements river.JobArgs.
func (AdvanceArgs) Kind() string { return "billing_advance_subscriptions" }

type advanceWorker struct {
	river.WorkerDefaults[AdvanceArgs]
	s *Service
}

// Work closes the periods that ended (draft invoices, in bulk), finalizes the
// drafts past their window, marks subscriptions with overdue invoices
// past_due, then advances the subscriptions due, in that order: a period is
// invoiced before anything renews it, and every step is idempotent, so a
// retried or repeated run changes nothing more.
func (w *advanceWorker) Work(ctx context.Context, _ *river.Job[AdvanceArgs]) error {
	steps := []struct {
		name string
		run  func(context.Context) (int, error)
	}{
		{"billing periods closed", w.s.CloseDue},
		{"invoices finalized", w.s.FinalizeDue},
		{"subscriptions past due", w.s.MarkOverdue},
		{"subscriptions advanced", w.s.Advance},
	}
	var errs []error
	for _, st := range steps {
		n, err := st.run(ctx)
		if n > 0 {
			w.s.log().InfoContext(ctx, st.name, "count", n)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", st.name, err))
		}
	}
	return errors.Join(errs...)
}

// Register adds the advance worker to workers and returns its periodic job,
// run at start and every interval (one runner in the cluster: River's leader).
func (s *Service) Register(workers *river.Workers, every time.Duration) []*river.PeriodicJob {
	river.AddWorker(workers, &advanceWorker{s: s})
	return []*river.PeriodicJob{river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return AdvanceArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "billing_advance_subscriptions"},
	)}
}

// Run refreshes the limit state now and every interval until ctx ends; every
// server process runs it (the state is in memory). Errors are logged and the
// previous state kept.
func (l *Limits) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := l.Refresh(ctx); err != nil && ctx.Err() == nil {
			l.log().WarnContext(ctx, "refresh billing limits", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
