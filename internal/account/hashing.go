package account

import (
	"context"
	"errors"
	"strconv"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
)

// hashingRetryAfter is the Retry-After, in seconds, of a sign-in refused
// because every password hashing slot stayed busy.
const hashingRetryAfter = 1

// hashPassword hashes a new password in one of the bounded hashing slots. It
// must be called outside any transaction (see signInTx).
func (svc *Service) hashPassword(ctx context.Context, password string) (string, error) {
	hash, err := svc.passwords.Hash(ctx, password)
	return hash, svc.hashingError(ctx, err)
}

// verifyPassword checks a password against its hash in one of the bounded
// hashing slots. It must be called outside any transaction.
func (svc *Service) verifyPassword(ctx context.Context, password, hash string) (bool, error) {
	ok, err := svc.passwords.Verify(ctx, password, hash)
	return ok, svc.hashingError(ctx, err)
}

// hashingError turns "no hashing slot within the wait" into RATE_LIMITED with
// Retry-After (429 on REST, as docs/ROUTES.md asks of every refusal to retry later).
func (svc *Service) hashingError(ctx context.Context, err error) error {
	if !errors.Is(err, auth.ErrHashingBusy) {
		return err
	}
	svc.log.WarnContext(ctx, "password hashing at capacity; sign-in refused with Retry-After")
	if h := auth.RequestFrom(ctx).Header; h != nil {
		h.Set("Retry-After", strconv.Itoa(hashingRetryAfter))
	}
	return &fault.Error{Kind: fault.KindRateLimited, Message: "the server is busy signing in others; retry in " +
		strconv.Itoa(hashingRetryAfter) + " second", RetryAfter: hashingRetryAfter}
}
