package billing

import (
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
)

// The subscription state machine (the billing design, 3.2) is package
// subscriptionlifecycle's table: it is the one writer of a subscription's
// status, and this package asks it before every move it decides.

// CanTransition reports whether a subscription may move from status from to to.
func CanTransition(from, to string) bool { return subscriptionlifecycle.CanTransition(from, to) }

// TransitionError is a move the state machine does not allow.
type TransitionError = subscriptionlifecycle.TransitionError

// checkTransition returns a *TransitionError unless from -> to is allowed.
func checkTransition(from, to string) error { return subscriptionlifecycle.Check(from, to) }

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
