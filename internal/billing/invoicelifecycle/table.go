package invoicelifecycle

import (
	"fmt"
	"slices"

	"github.com/vidra-dev/vidra/ent/invoice"
)

// event names what happened to an invoice; each has one row in transitions.
type event string

// The events, one per move.
const (
	finalized   event = "Finalized"
	settledZero event = "SettledZero"
	paid        event = "Paid"
	voided      event = "Voided"
)

// transition is one row of the table: the statuses an invoice may be in for
// the event to apply, and the status it then has.
type transition struct {
	from []invoice.Status
	to   invoice.Status
}

// transitions is the lifecycle: every status change an invoice may go through.
var transitions = map[event]transition{
	finalized:   {from: []invoice.Status{invoice.StatusDraft}, to: invoice.StatusFinalized},
	settledZero: {from: []invoice.Status{invoice.StatusDraft}, to: invoice.StatusPaid},
	paid:        {from: []invoice.Status{invoice.StatusFinalized}, to: invoice.StatusPaid},
	voided:      {from: []invoice.Status{invoice.StatusFinalized}, to: invoice.StatusVoid},
}

// check refuses e for an invoice in status from.
func check(e event, from invoice.Status) error {
	if t := transitions[e]; !slices.Contains(t.from, from) {
		return fmt.Errorf("%w: %s of a %s invoice (allowed from %v)", ErrRefused, e, from, t.from)
	}
	return nil
}
