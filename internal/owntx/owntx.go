// Package owntx runs a mutation's work in a transaction of its own, for the
// fields that must commit what they wrote even when they fail (a reset code's
// spent attempt, a refresh token's revoked family): the account domain's flows
// and graph's importer and analytics erasure share it.
package owntx

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Run runs fn in a transaction of client's own. fn says whether its writes must
// be committed even though it returns an error. Inside a shared transaction (the
// field was sent beside other mutations) this cannot be honoured, so it refuses
// with BAD_REQUEST naming field.
func Run(ctx context.Context, client *ent.Client, field string, fn func(tx *ent.Client) (commit bool, err error)) error {
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
