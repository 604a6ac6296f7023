package account

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/owntx"
)

// ownTx runs fn in a transaction of its own (internal/owntx.Run).
func (svc *Service) ownTx(ctx context.Context, field string, fn func(tx *ent.Client) (commit bool, err error)) error {
	return owntx.Run(ctx, svc.client, field, fn)
}

// refuseSharedTx refuses a password operation sent beside other mutations: the
// shared transaction would be open (on SQLite, holding the write lock) while
// the password hashes. Call it before hashing.
func refuseSharedTx(ctx context.Context, field string) error {
	return owntx.RefuseShared(ctx, field)
}

// signInTx runs fn in a short transaction of its own, put in fn's context so
// that svc.db and afterCommit use it; it commits when fn succeeds. The password
// operations hash first, outside any transaction, then write here.
func (svc *Service) signInTx(ctx context.Context, field string, fn func(ctx context.Context) error) error {
	if err := refuseSharedTx(ctx, field); err != nil {
		return err
	}
	tx, err := svc.client.Tx(ctx)
	if err != nil {
		return err
	}
	txCtx := ent.NewContext(ent.NewTxContext(ctx, tx), tx.Client())
	if err := fn(txCtx); err != nil {
		return errorsJoin(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// errorsJoin keeps the first error (owntx.FirstError).
func errorsJoin(first, second error) error { return owntx.FirstError(first, second) }
