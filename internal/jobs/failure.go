package jobs

import (
	"context"
	"time"
)

// failureTimeout bounds the recording of a failure (failureContext).
const failureTimeout = 30 * time.Second

// maxFailureReason is the length, in bytes, of the failure_reason columns
// (videos, transcoding jobs, static renditions).
const maxFailureReason = 2000

// failureContext is a context to record a failure in: it keeps ctx's values
// (the tenancy system context, the logger's attributes) but not its
// cancellation or deadline, so a job that timed out or was canceled can still
// record why, and it gives the recording failureTimeout of its own.
func failureContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), failureTimeout)
}
