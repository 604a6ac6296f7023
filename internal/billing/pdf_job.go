package billing

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// PDFArgs is the periodic job that renders the PDFs of the invoices
// finalized since its last run (PDFs.RenderPending).
type PDFArgs struct{}

// InsertOpts implements river.JobArgsWithInsertOpts (PeriodicInsertOpts):
// without them the job went to River's default queue, which no server runs.
func (PDFArgs) InsertOpts() river.InsertOpts { return PeriodicInsertOpts() }

// Kind implements river.JobArgs.
func (PDFArgs) Kind() string { return "billing_invoice_pdfs" }

type pdfWorker struct {
	river.WorkerDefaults[PDFArgs]
	p *PDFs
}

// Work renders what is missing; a failed invoice fails the job, and the next
// periodic run tries again (the job has one attempt).
func (w *pdfWorker) Work(ctx context.Context, _ *river.Job[PDFArgs]) error {
	n, err := w.p.RenderPending(ctx)
	if n > 0 {
		w.p.log().InfoContext(ctx, "invoice pdfs rendered", "count", n)
	}
	return err
}

// RegisterPDFs adds the PDF worker to workers and returns its periodic job,
// run at start and every interval. It is apart from the advance job, so a
// period close (and its benchmark) never waits for renderings.
func (p *PDFs) RegisterPDFs(workers *river.Workers, every time.Duration) []*river.PeriodicJob {
	river.AddWorker(workers, &pdfWorker{p: p})
	return []*river.PeriodicJob{river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return PDFArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "billing_invoice_pdfs"},
	)}
}
