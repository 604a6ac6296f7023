package captionlifecycle

import "github.com/vidra-dev/vidra/ent/captiongeneration"

// event names what happened to a caption generation; each has one row in transitions.
type event string

// The events, one per move.
const (
	started  event = "Started"
	finished event = "Finished"
	failed   event = "Failed"
	canceled event = "Canceled"
)

// transition is one row of the table: the statuses a caption generation may
// be in for the event to apply, and the status it then has.
type transition struct {
	from []captiongeneration.Status
	to   captiongeneration.Status
}

// live are the statuses of a generation that has not ended.
var live = []captiongeneration.Status{captiongeneration.StatusQueued, captiongeneration.StatusRunning}

// transitions is the lifecycle: every status change a caption generation may go through.
var transitions = map[event]transition{
	started:  {from: live, to: captiongeneration.StatusRunning},
	finished: {from: []captiongeneration.Status{captiongeneration.StatusRunning}, to: captiongeneration.StatusReady},
	failed:   {from: live, to: captiongeneration.StatusFailed},
	canceled: {from: live, to: captiongeneration.StatusCanceled},
}

// Live are the statuses of a generation that has not ended (queued, running).
func Live() []captiongeneration.Status { return append([]captiongeneration.Status(nil), live...) }
