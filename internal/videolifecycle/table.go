package videolifecycle

import (
	"github.com/vidra-dev/vidra/ent/video"
)

// fresh stands for "no row yet" as a from-state: a move from it creates the video.
const fresh video.Status = ""

// event names what happened to a video; each has one row in transitions.
type event string

// The events, one per exported move.
const (
	importRequested     event = "ImportRequested"
	clipRequested       event = "ClipRequested"
	liveStarted         event = "LiveStarted"
	uploadStarted       event = "UploadStarted"
	sourceRecorded      event = "SourceRecorded"
	uploadRefused       event = "UploadRefused"
	uploadsAbandoned    event = "UploadsAbandoned"
	liveRecorded        event = "LiveRecorded"
	liveRecordedNothing event = "LiveRecordedNothing"
	processingStarted   event = "ProcessingStarted"
	processingFinished  event = "ProcessingFinished"
	processingFailed    event = "ProcessingFailed"
)

// transition is one row of the table: the statuses a video may be in for the
// event to apply, and the status it then has.
type transition struct {
	from []video.Status
	to   video.Status
}

// transitions is the lifecycle: every status change a video may go through.
// The from-states are what each writer accepted before the table existed
// (its WHERE clause, or the status it had just checked).
var transitions = map[event]transition{
	importRequested: {from: []video.Status{fresh}, to: video.StatusUploading},
	clipRequested:   {from: []video.Status{fresh}, to: video.StatusUploading},
	liveStarted:     {from: []video.Status{fresh}, to: video.StatusLive},
	// A tus upload may start again (a new upload of a token's video).
	uploadStarted:       {from: []video.Status{video.StatusCreated, video.StatusUploading}, to: video.StatusUploading},
	sourceRecorded:      {from: []video.Status{video.StatusCreated, video.StatusUploading}, to: video.StatusUploading},
	uploadRefused:       {from: []video.Status{video.StatusCreated, video.StatusUploading}, to: video.StatusFailed},
	uploadsAbandoned:    {from: []video.Status{video.StatusCreated, video.StatusUploading}, to: video.StatusFailed},
	liveRecorded:        {from: []video.Status{video.StatusLive}, to: video.StatusUploading},
	liveRecordedNothing: {from: []video.Status{video.StatusLive}, to: video.StatusFailed},
	// Every processing run starts again from processing (a retry after a run
	// that died).
	processingStarted:  {from: []video.Status{video.StatusUploading, video.StatusProcessing}, to: video.StatusProcessing},
	processingFinished: {from: []video.Status{video.StatusProcessing}, to: video.StatusReady},
	// A processing or import job that gives up: the import's video is still
	// uploading, a processing run's video uploading or processing.
	processingFailed: {from: []video.Status{video.StatusUploading, video.StatusProcessing}, to: video.StatusFailed},
}
