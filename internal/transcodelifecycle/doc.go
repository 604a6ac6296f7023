// Package transcodelifecycle is the one place that moves a transcoding job's
// status (the standalone transcoding API's jobs, not a video's processing):
// the states are ent's transcodingjob.Status values, the allowed moves are
// one table (transitions), and each move is one function named after what
// happened. A move is a conditional UPDATE (WHERE id = ? AND status IN (its
// from-states), plus the caller's own conditions: the priority a worker was
// queued at, the status a client read), so a stale or illegal move changes
// nothing and returns ErrRefused instead of overwriting a newer status. An
// ent hook on the TranscodingJob schema (Guard) refuses any other create or
// update that sets the status.
//
// The lifecycle (a new job is queued, the field's default; succeeded, failed
// and canceled are final):
//
//	           Started                 Succeeded
//	queued ---------------> running ---------------> succeeded
//	   |                    |  ^  |
//	   |                    +--+  | Failed
//	   |          Started (a retry)+---------------> failed
//	   |                    |
//	   +--------------------+-----> canceled: Canceled
//
//	Started    queued, running -> running   internal/jobs (transcodeJob)
//	Succeeded  running -> succeeded         internal/jobs (transcodeJob)
//	Failed     running -> failed            internal/jobs (finishTranscoding)
//	Canceled   queued, running -> canceled  graph (updateTranscodingJob)
//
// What each move emits: every committed change publishes a change notice to
// subscriptions through the changefeed hook, whatever wrote it; a running
// worker watches its row and stops when the job is canceled. The webhook
// events are recorded by the callers, in the move's transaction:
// transcoding_job.completed for Succeeded, transcoding_job.failed for Failed;
// Started and Canceled record none.
package transcodelifecycle
