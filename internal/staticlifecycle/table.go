package staticlifecycle

import "github.com/vidra-dev/vidra/ent/staticrendition"

// event names what happened to a static rendition; each has one row in transitions.
type event string

// The events, one per move.
const (
	requested event = "Requested"
	finished  event = "Finished"
	failed    event = "Failed"
)

// transition is one row of the table: the statuses a static rendition may be
// in for the event to apply, and the status it then has.
type transition struct {
	from []staticrendition.Status
	to   staticrendition.Status
}

// transitions is the lifecycle: every status change a static rendition may go through.
var transitions = map[event]transition{
	requested: {from: []staticrendition.Status{staticrendition.StatusPreparing, staticrendition.StatusReady, staticrendition.StatusFailed}, to: staticrendition.StatusPreparing},
	finished:  {from: []staticrendition.Status{staticrendition.StatusPreparing}, to: staticrendition.StatusReady},
	failed:    {from: []staticrendition.Status{staticrendition.StatusPreparing}, to: staticrendition.StatusFailed},
}
