package subscriptionlifecycle

import (
	"context"
	"slices"

	"github.com/vidra-dev/vidra/ent"
)

// The moves take the caller's create or update of one subscription (built on
// its transaction's client, with the fields it writes alongside the status)
// and the status the caller read in that transaction. A move the table does
// not allow is a *TransitionError and writes nothing.

// Created saves c, a new subscription, in status (pending, trialing or active).
func Created(ctx context.Context, c *ent.SubscriptionCreate, status string) (*ent.Subscription, error) {
	if !slices.Contains(created, status) {
		return nil, &TransitionError{To: status}
	}
	return c.SetStatus(status).Save(mark(ctx))
}

// Moved saves u, the update of a subscription the caller read in status from,
// with its status to.
func Moved(ctx context.Context, u *ent.SubscriptionUpdateOne, from, to string) (*ent.Subscription, error) {
	if err := Check(from, to); err != nil {
		return nil, err
	}
	return u.SetStatus(to).Save(mark(ctx))
}
