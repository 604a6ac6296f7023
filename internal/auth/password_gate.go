package auth

import (
	"context"
	"errors"
	"runtime"
	"time"

	"golang.org/x/sync/semaphore"
)

// DefaultHashWait is how long a password hash waits for a free slot before it
// is refused with ErrHashingBusy: long enough for a burst of honest sign-ins
// (one slot hashes some 20 a second on this project's 2-core test machine) to
// take turns, short enough that a client hears to retry before it gives up.
const DefaultHashWait = 5 * time.Second

// ErrHashingBusy means every hashing slot stayed taken for the whole wait: the
// caller should be told to retry shortly (RATE_LIMITED, Retry-After).
var ErrHashingBusy = errors.New("auth: every password hashing slot is busy")

// Hashing bounds how many argon2id hashes run at once. Each takes its cost's
// memory (19 MiB by default) and a core for tens of milliseconds, so unbounded
// concurrency under a burst of sign-ins costs gigabytes and starves every
// other request of CPU.
type Hashing struct {
	// Slots is how many hashes run at once; when zero, one per CPU but one
	// (runtime.GOMAXPROCS(0)-1, at least 1), so that a burst of sign-ins
	// leaves a core to every other request.
	Slots int
	// Wait is how long a hash waits for a slot; DefaultHashWait when zero.
	Wait time.Duration
	// Hold, when set, runs in the slot just before each hash. Tests park
	// hashes there to look at the database while sign-ins are mid-hash; nil in
	// production.
	Hold func(ctx context.Context)
}

// PasswordGate hashes and verifies passwords with argon2id, at most Slots at a
// time; a hash that finds no slot within Wait fails with ErrHashingBusy.
// Callers must not hold a database transaction (or connection) while they call
// it: the wait and the hash would hold it too.
type PasswordGate struct {
	params PasswordParams
	slots  *semaphore.Weighted
	wait   time.Duration
	hold   func(ctx context.Context)
}

// NewPasswordGate returns a gate that hashes new passwords with params.
func NewPasswordGate(params PasswordParams, h Hashing) *PasswordGate {
	if h.Slots <= 0 {
		h.Slots = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if h.Wait <= 0 {
		h.Wait = DefaultHashWait
	}
	return &PasswordGate{params: params, slots: semaphore.NewWeighted(int64(h.Slots)), wait: h.Wait, hold: h.Hold}
}

// Hash is HashPassword with the gate's parameters, in a slot.
func (g *PasswordGate) Hash(ctx context.Context, password string) (string, error) {
	release, err := g.acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return HashPassword(password, g.params)
}

// Verify is VerifyPassword in a slot.
func (g *PasswordGate) Verify(ctx context.Context, password, encoded string) (bool, error) {
	release, err := g.acquire(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	return VerifyPassword(password, encoded)
}

// acquire takes a slot within the wait (or the request's own deadline).
func (g *PasswordGate) acquire(ctx context.Context) (func(), error) {
	wctx, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	if err := g.slots.Acquire(wctx, 1); err != nil {
		return nil, ErrHashingBusy
	}
	if g.hold != nil {
		g.hold(ctx)
	}
	return func() { g.slots.Release(1) }, nil
}
