package paymentlifecycle

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transaction"
)

// Opened saves c, a new card attempt, pending.
func Opened(ctx context.Context, c *ent.TransactionCreate) (*ent.Transaction, error) {
	return c.SetStatus(transitions[opened].to).Save(mark(ctx))
}

// Recorded saves c, a payment received in full when it is recorded (the
// manual gateway), succeeded and settled at at.
func Recorded(ctx context.Context, c *ent.TransactionCreate, at time.Time) (*ent.Transaction, error) {
	return c.SetStatus(transitions[recorded].to).SetSettledAt(at).Save(mark(ctx))
}

// Succeeded saves u (the update of one transaction, with the caller's other
// fields) with the transaction succeeded, settled at at. A transaction no
// longer pending is not changed: ent's not-found error.
func Succeeded(ctx context.Context, u *ent.TransactionUpdateOne, at time.Time) (*ent.Transaction, error) {
	return move(ctx, u.SetSettledAt(at), succeeded)
}

// Failed saves u with the transaction failed for reason, settled at at. A
// transaction no longer pending is not changed: ent's not-found error.
func Failed(ctx context.Context, u *ent.TransactionUpdateOne, reason string, at time.Time) (*ent.Transaction, error) {
	return move(ctx, u.SetError(reason).SetSettledAt(at), failed)
}

// move applies e through u, which matches only a transaction in one of e's
// from-states.
func move(ctx context.Context, u *ent.TransactionUpdateOne, e event) (*ent.Transaction, error) {
	t := transitions[e]
	return u.Where(transaction.StatusIn(t.from...)).SetStatus(t.to).Save(mark(ctx))
}
