package stripe

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/vidra-dev/vidra/billing"
)

// ChargeDueArgs is the periodic job that charges finalized invoices to saved
// cards (Gateway.ChargeDue).
type ChargeDueArgs struct{}

// InsertOpts implements river.JobArgsWithInsertOpts: billing's periodic
// options (maintenance queue, unique, one attempt).
func (ChargeDueArgs) InsertOpts() river.InsertOpts { return billing.PeriodicInsertOpts() }

// Kind implements river.JobArgs.
func (ChargeDueArgs) Kind() string { return "billing_stripe_charge_due" }

type chargeDueWorker struct {
	river.WorkerDefaults[ChargeDueArgs]
	g *Gateway
}

// Work charges what is due; an invoice that fails transiently keeps its
// pending transaction and is resumed, with the same idempotency key, by the
// next run.
func (w *chargeDueWorker) Work(ctx context.Context, _ *river.Job[ChargeDueArgs]) error {
	n, err := w.g.ChargeDue(ctx)
	if n > 0 {
		w.g.log().InfoContext(ctx, "stripe charges", "count", n)
	}
	return err
}

// Register adds the charge worker to workers and returns its periodic job,
// run at start and every interval (one runner in the cluster: River's leader).
func (g *Gateway) Register(workers *river.Workers, every time.Duration) []*river.PeriodicJob {
	river.AddWorker(workers, &chargeDueWorker{g: g})
	return []*river.PeriodicJob{river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return ChargeDueArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "billing_stripe_charge_due"},
	)}
}
