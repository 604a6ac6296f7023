package webhooks

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/internal/jobs"
)

// SweepArgs asks for pending deliveries whose job is missing to be queued again.
type SweepArgs struct{}

// Kind names the job.
func (SweepArgs) Kind() string { return "sweep_owed_webhooks" }

// InsertOpts put the sweeper on the maintenance queue, one at a time.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       jobs.QueueMaintenance,
		MaxAttempts: 1,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: jobs.ActiveStates},
	}
}

type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	d *Deliverer
}

// Work queues a job for every pending delivery (see Deliverer.Sweep).
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	return w.d.Sweep(ctx)
}

// sweepBatch bounds the deliveries read at once.
const sweepBatch = 1000

// Sweep queues the job of every pending delivery. A delivery with a live job
// (waiting, running or retrying) is skipped by the job's unique key, so only a
// delivery whose job was lost, in a crash between its commit and the insert, is
// queued again.
func (d *Deliverer) Sweep(ctx context.Context) error {
	after := uuid.Nil
	total := 0
	for {
		ids, err := d.Client.WebhookDelivery.Query().
			Where(webhookdelivery.StatusEQ(webhookdelivery.StatusPending), webhookdelivery.IDGT(after)).
			Order(webhookdelivery.ByID()).
			Limit(sweepBatch).
			IDs(ctx)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			break
		}
		d.Recorder.Enqueue(ctx, ids...)
		total += len(ids)
		after = ids[len(ids)-1]
	}
	if total > 0 {
		d.Log.DebugContext(ctx, "swept pending webhook deliveries", "pending", total)
	}
	return nil
}

// AddWorkers registers the delivery worker and its sweeper.
func (d *Deliverer) AddWorkers(w *river.Workers) {
	river.AddWorker(w, &deliverWorker{d: d})
	river.AddWorker(w, &sweepWorker{d: d})
}

// Periodic returns the sweeper as a periodic job, run at start and every interval.
func (d *Deliverer) Periodic(interval time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(
		river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "sweep_owed_webhooks"},
	)
}
