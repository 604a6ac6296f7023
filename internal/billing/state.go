package billing

import (
	"fmt"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

// transitions are the subscription state machine's allowed moves (the billing
// design, 3.2). canceled and terminated are final.
var transitions = map[string][]string{
	catalog.Pending:  {catalog.Trialing, catalog.Active, catalog.Canceled},
	catalog.Trialing: {catalog.Active, catalog.PastDue, catalog.Terminated},
	catalog.Active:   {catalog.PastDue, catalog.Terminated},
	catalog.PastDue:  {catalog.Active, catalog.Unpaid},
	catalog.Unpaid:   {catalog.Active, catalog.Terminated},
}

// CanTransition reports whether a subscription may move from status from to to.
func CanTransition(from, to string) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// TransitionError is a move the state machine does not allow.
type TransitionError struct{ From, To string }

// Error implements error.
func (e *TransitionError) Error() string {
	from := e.From
	if from == "" {
		from = `"" (billing off)`
	}
	return fmt.Sprintf("a %s subscription cannot become %s", from, e.To)
}

// checkTransition returns a *TransitionError unless from -> to is allowed.
func checkTransition(from, to string) error {
	if !CanTransition(from, to) {
		return &TransitionError{From: from, To: to}
	}
	return nil
}

// IsCurrent reports whether a subscription in status s is the organization's
// current one (at most one is, enforced by a unique index).
func IsCurrent(s string) bool {
	switch s {
	case catalog.Trialing, catalog.Active, catalog.PastDue, catalog.Unpaid:
		return true
	}
	return false
}

// IsFinal reports whether status s allows no further move.
func IsFinal(s string) bool { return s == catalog.Canceled || s == catalog.Terminated }
