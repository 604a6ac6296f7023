// Package videolifecycle is the one place that moves a video's status: the
// states are ent's video.Status values, the allowed moves are one table
// (transitions), and each move is one function named after what happened. A
// move is a conditional UPDATE (WHERE id = ? AND status IN (its from-states)),
// so a stale or illegal move changes nothing and returns ErrRefused instead of
// overwriting a newer status. An ent hook on the Video schema (Guard) refuses
// any other create or update that sets the status.
//
// The lifecycle ((new) is a video being created; ready and failed are final):
//
//	(new) --(the field's default)------------------> created
//	(new) --ImportRequested, ClipRequested---------> uploading
//	(new) --LiveStarted----------------------------> live
//
//	            UploadStarted, SourceRecorded
//	created ----------------------------------------> uploading --+
//	   |                                              ^   |   ^   | UploadStarted,
//	   |                                  LiveRecorded|   |   +---+ SourceRecorded
//	   |                                live ---------+   |
//	   |                                 |                | ProcessingStarted
//	   |                                 |                v
//	   |                                 |            processing --+
//	   |                                 |             |   |   ^   | ProcessingStarted
//	   |                                 |             |   |   +---+ (a retry)
//	   |                                 |             |   | ProcessingFinished
//	   |                                 |             |   v
//	   |                                 |             |  ready
//	   |                                 |             |
//	   +--> failed <---------------------+-------------+  (and from uploading)
//
//	created   -> failed: UploadRefused, UploadsAbandoned
//	uploading -> failed: UploadRefused, UploadsAbandoned, ProcessingFailed
//	processing-> failed: ProcessingFailed
//	live      -> failed: LiveRecordedNothing
//
// What each move emits: every committed change of a video publishes a change
// notice to subscriptions through the changefeed hook (changefeed.Bus.Hook,
// installed on the client in internal/app/changefeed.go), whatever wrote it. The
// webhook events are recorded by the callers, in the move's transaction, and
// stay there:
//
//	ImportRequested      video.created            internal/ingestapi (CreatePulled)
//	ClipRequested        video.created            internal/ingestapi (Clip)
//	LiveStarted          livestream.connected     internal/live/ingest (admit)
//	UploadStarted        none
//	SourceRecorded       video.upload.completed   upload (recordSource)
//	UploadRefused        video.failed             upload (failUpload)
//	UploadsAbandoned     none                     jobs (sweeper)
//	LiveRecorded         livestream.recording.ready  internal/live/livehls (finalize)
//	LiveRecordedNothing  video.failed             internal/live/livehls (finalize)
//	ProcessingStarted    video.processing         jobs (processVideo)
//	ProcessingFinished   video.ready              jobs (processVideo)
//	ProcessingFailed     video.failed, and import.failed for an import  jobs (failVideo)
package videolifecycle
