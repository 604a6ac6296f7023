// Package captionlifecycle is the one place that moves a caption
// generation's (a request for automatic captions') status: the states are
// ent's captiongeneration.Status values, the allowed moves are one table
// (transitions), and each move is one function named after what happened. A
// move is a conditional UPDATE (WHERE id = ? AND status IN (its
// from-states)), so a stale or illegal move changes nothing and returns
// ErrRefused. An ent hook on the CaptionGeneration schema (Guard) refuses
// any other create or update that sets the status.
//
// The lifecycle (a new generation is queued, the field's default):
//
//	         Started            Finished
//	queued ----------> running ----------> ready
//	   |                 |  ^
//	   |                 +--+ Started (a retried attempt)
//	   | Failed, Canceled   | Failed, Canceled
//	   +--------------------+---------> failed, canceled
//
//	Started    queued, running -> running   internal/jobs (generateCaptionsWorker)
//	Finished   running -> ready             internal/jobs (finishCaptionGeneration)
//	Failed     queued, running -> failed    internal/jobs (failCaptionGeneration)
//	Canceled   queued, running -> canceled  internal/captiongen (Cancel)
//
// The webhook events are recorded by the callers, in the move's transaction:
// caption.ready for Finished (with the caption), caption.failed for Failed;
// Started and Canceled record none.
package captionlifecycle
