package jobs

import (
	"context"
	"time"
	"unicode/utf8"
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

// boundedReason cuts reason to at most limit bytes, on a rune boundary so a
// cut never leaves half a UTF-8 character (which PostgreSQL refuses).
func boundedReason(reason string, limit int) string {
	if len(reason) <= limit {
		return reason
	}
	cut := max(limit, 0)
	for cut > 0 && !utf8.RuneStart(reason[cut]) {
		cut--
	}
	return reason[:cut]
}
