package transcodelifecycle

import (
	"github.com/vidra-dev/vidra/ent/transcodingjob"
)

// event names what happened to a job; each has one row in transitions.
type event string

// The events, one per move.
const (
	started   event = "Started"
	succeeded event = "Succeeded"
	failed    event = "Failed"
	canceled  event = "Canceled"
)

// transition is one row of the table: the statuses a job may be in for the
// event to apply, and the status it then has.
type transition struct {
	from []transcodingjob.Status
	to   transcodingjob.Status
}

// transitions is the lifecycle: every status change a job may go through.
// The from-states are what each writer accepted before the table existed.
var transitions = map[event]transition{
	// A worker's run starts again from running (a retry after a run that died).
	started:   {from: []transcodingjob.Status{transcodingjob.StatusQueued, transcodingjob.StatusRunning}, to: transcodingjob.StatusRunning},
	succeeded: {from: []transcodingjob.Status{transcodingjob.StatusRunning}, to: transcodingjob.StatusSucceeded},
	failed:    {from: []transcodingjob.Status{transcodingjob.StatusRunning}, to: transcodingjob.StatusFailed},
	canceled:  {from: []transcodingjob.Status{transcodingjob.StatusQueued, transcodingjob.StatusRunning}, to: transcodingjob.StatusCanceled},
}
