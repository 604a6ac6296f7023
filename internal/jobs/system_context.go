package jobs

import (
	"context"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// systemWork runs every job in a tenancy system context: jobs act for no
// principal (the change that owed them was authorised when it was made), so the
// tenancy rules' bypass is explicit here, once, with the job's kind as the
// logged reason.
type systemWork struct {
	river.WorkerMiddlewareDefaults
}

var _ rivertype.WorkerMiddleware = (*systemWork)(nil)

// Work implements rivertype.WorkerMiddleware.
func (*systemWork) Work(ctx context.Context, job *rivertype.JobRow, doInner func(ctx context.Context) error) error {
	return doInner(tenancy.SystemContext(ctx, "job "+job.Kind))
}
