package paymentlifecycle

import (
	"github.com/vidra-dev/vidra/ent/transaction"
)

// event names what happened to a payment transaction; each has one row in
// transitions.
type event string

// The events, one per move.
const (
	opened    event = "Opened"
	recorded  event = "Recorded"
	succeeded event = "Succeeded"
	failed    event = "Failed"
)

// transition is one row of the table: the statuses a transaction may be in
// for the event to apply (none: the event creates it), and the status it then
// has.
type transition struct {
	from []transaction.Status
	to   transaction.Status
}

// transitions is the lifecycle: every status a transaction may be created in
// or move to.
var transitions = map[event]transition{
	opened:    {to: transaction.StatusPending},
	recorded:  {to: transaction.StatusSucceeded},
	succeeded: {from: []transaction.Status{transaction.StatusPending}, to: transaction.StatusSucceeded},
	failed:    {from: []transaction.Status{transaction.StatusPending}, to: transaction.StatusFailed},
}
