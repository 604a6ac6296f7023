package account

import (
	"context"

	"github.com/vidra-dev/vidra/internal/txn"
)

// signInTx runs fn in a short transaction of its own, put in fn's context so
// that svc.db and afterCommit use it; it commits when fn succeeds. The password
// operations hash first, outside any transaction, then write here; sent beside
// other mutations they are refused (txn.RefuseShared), as the shared transaction
// would be open (on SQLite, holding the write lock) while the password hashes.
func (svc *Service) signInTx(ctx context.Context, field string, fn func(ctx context.Context) error) error {
	if err := txn.RefuseShared(ctx, field); err != nil {
		return err
	}
	return txn.Open(ctx, svc.client, fn)
}
