// Package txn is how domain packages and graph run their writes in ent
// transactions: the client a request should use (its mutation's transaction
// when one is open), a transaction opened into a context, joining the caller's
// transaction, and the own transaction of fields that must commit what they
// wrote even when they fail (a reset code's spent attempt, a refresh token's
// revoked family).
package txn

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Client is the ent client of the transaction open in ctx (a mutation's, put
// there by entgql's Transactioner or by Open), or root when there is none.
func Client(ctx context.Context, root *ent.Client) *ent.Client {
	if c := ent.FromContext(ctx); c != nil {
		return c
	}
	return root
}

// Open runs fn with a new transaction of client put in its context (so that
// Client and ent.TxFromContext find it), committing when fn succeeds and
// rolling back when it fails; fn's error wins over a rollback's.
func Open(ctx context.Context, client *ent.Client, fn func(ctx context.Context) error) error {
	txCtx, tx, err := client.OpenTx(ctx)
	if err != nil {
		return err
	}
	if err := fn(txCtx); err != nil {
		return FirstError(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Join runs fn in the transaction open in ctx when there is one (the caller
// commits it), else in one of its own (Open); fn gets the client to write with.
func Join(ctx context.Context, root *ent.Client, fn func(ctx context.Context, client *ent.Client) error) error {
	if ent.TxFromContext(ctx) != nil {
		return fn(ctx, Client(ctx, root))
	}
	return Open(ctx, root, func(ctx context.Context) error { return fn(ctx, Client(ctx, root)) })
}

// Own runs fn in a transaction of client's own. fn says whether its writes must
// be committed even though it returns an error. Inside a shared transaction (the
// field was sent beside other mutations) this cannot be honoured, so it refuses
// with BAD_REQUEST naming field.
func Own(ctx context.Context, client *ent.Client, field string, fn func(tx *ent.Client) (commit bool, err error)) error {
	if err := RefuseShared(ctx, field); err != nil {
		return err
	}
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	commit, ferr := fn(tx.Client())
	if !commit {
		return FirstError(ferr, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return ferr
}

// RefuseShared refuses field when ctx already carries a shared transaction
// (the field was sent beside other mutations).
func RefuseShared(ctx context.Context, field string) error {
	if ent.TxFromContext(ctx) != nil {
		return fault.Errorf(fault.KindBadRequest, "%s must be the only field of its mutation", field)
	}
	return nil
}

// FirstError keeps the first error: the function's own reason beats a rollback's.
func FirstError(first, second error) error {
	if first != nil {
		return first
	}
	return second
}

// AfterCommit runs fn once the transaction of ctx commits (at once when there
// is none, as the change is then already durable); fn gets a context that
// outlives the request's cancellation. What a change announces (mail, queued
// jobs) must not leave before the change itself is durable, nor when it rolls
// back.
func AfterCommit(ctx context.Context, fn func(ctx context.Context)) {
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		fn(ctx)
		return
	}
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(c context.Context, tx *ent.Tx) error {
			if err := next.Commit(c, tx); err != nil {
				return err
			}
			fn(context.WithoutCancel(c))
			return nil
		})
	})
}
