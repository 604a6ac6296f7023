package subscriptionlifecycle

import (
	"fmt"
	"slices"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/events"
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

// created are the statuses a subscription may be created in.
var created = []string{catalog.Pending, catalog.Trialing, catalog.Active}

// CanTransition reports whether a subscription may move from status from to to.
func CanTransition(from, to string) bool { return slices.Contains(transitions[from], to) }

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

// Check returns a *TransitionError unless from -> to is allowed.
func Check(from, to string) error {
	if !CanTransition(from, to) {
		return &TransitionError{From: from, To: to}
	}
	return nil
}

// Event is the event type of a subscription that moved from status from to
// status to (subscription.updated when the status did not change).
func Event(from, to string) string {
	if from == to {
		return events.SubscriptionUpdated
	}
	switch to {
	case catalog.Pending:
		return events.SubscriptionCreated
	case catalog.Active:
		return events.SubscriptionActivated
	case catalog.PastDue:
		return events.SubscriptionPastDue
	case catalog.Unpaid:
		return events.SubscriptionUnpaid
	case catalog.Canceled:
		return events.SubscriptionCanceled
	}
	return events.SubscriptionTerminated
}
