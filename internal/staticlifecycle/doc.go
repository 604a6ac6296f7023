// Package staticlifecycle is the one place that moves a static rendition's
// (an MP4 download's) status: the states are ent's staticrendition.Status
// values, the allowed moves are one table (transitions), and each move is one
// function named after what happened. A move is a conditional UPDATE (WHERE
// id = ? AND status IN (its from-states)), so a stale or illegal move changes
// nothing and returns ErrRefused. An ent hook on the StaticRendition schema
// (Guard) refuses any other create or update that sets the status.
//
// The lifecycle (a new static rendition is preparing, the field's default):
//
//	             Finished
//	preparing -------------> ready
//	   |  ^                    |
//	   |  +------ Requested ---+   (asked again, or the video was processed again)
//	   |  +------ Requested ---+
//	   |  Failed               |
//	   +-------------------> failed
//
//	Requested  preparing, ready, failed -> preparing  internal/staticrendition, internal/jobs (a video ready again)
//	Finished   preparing -> ready                     internal/jobs (staticRenditionJob)
//	Failed     preparing -> failed                    internal/jobs (staticRenditionJob; failVideo and the sweeper, its video failed)
//
// The webhook events are recorded by the callers, in the move's transaction:
// video.static_rendition.ready for Finished, video.static_rendition.failed
// for Failed; Requested records none.
package staticlifecycle
