package stripe

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/vidra-dev/vidra/internal/billing"
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

// ChargeOrganizationArgs is the job that charges one organization's unpaid
// finalized invoices at once (Gateway.ChargeOrganization): a checkout that
// saves a new card enqueues it, so the card is charged without waiting for
// the periodic ChargeDue.
type ChargeOrganizationArgs struct {
	OrganizationID uuid.UUID `json:"organization_id"`
}

// InsertOpts implements river.JobArgsWithInsertOpts: the maintenance queue,
// one job per organization queued or running at a time (River's unique jobs
// require the running state), retried a few times; the periodic ChargeDue
// is the fallback.
func (ChargeOrganizationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "maintenance", MaxAttempts: 3,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Kind implements river.JobArgs.
func (ChargeOrganizationArgs) Kind() string { return "billing_stripe_charge_organization" }

type chargeOrganizationWorker struct {
	river.WorkerDefaults[ChargeOrganizationArgs]
	g *Gateway
}

// Work charges the organization's invoices that owe money.
func (w *chargeOrganizationWorker) Work(ctx context.Context, job *river.Job[ChargeOrganizationArgs]) error {
	n, err := w.g.ChargeOrganization(ctx, job.Args.OrganizationID)
	if n > 0 {
		w.g.log().InfoContext(ctx, "stripe charges after a new card", "organization_id", job.Args.OrganizationID, "count", n)
	}
	return err
}

// chargeSoon enqueues the charge of org's unpaid invoices (a new card was
// just committed). Without a queue, or when the insert fails (logged), the
// periodic ChargeDue charges them at its next run.
func (g *Gateway) chargeSoon(ctx context.Context, org uuid.UUID) {
	if g.Jobs == nil {
		return
	}
	if err := g.Jobs.Insert(ctx, ChargeOrganizationArgs{OrganizationID: org}); err != nil {
		g.log().WarnContext(ctx, "stripe: charge after a new card not queued; the periodic charge will do it",
			"organization_id", org, "err", err)
	}
}

// Register adds the charge workers to workers and returns the periodic job
// of ChargeDue, run at start and every interval (one runner in the cluster:
// River's leader).
func (g *Gateway) Register(workers *river.Workers, every time.Duration) []*river.PeriodicJob {
	river.AddWorker(workers, &chargeDueWorker{g: g})
	river.AddWorker(workers, &chargeOrganizationWorker{g: g})
	return []*river.PeriodicJob{river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return ChargeDueArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "billing_stripe_charge_due"},
	)}
}
