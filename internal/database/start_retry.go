package database

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/lib/pq"
)

// SQLSTATEs of a PostgreSQL that refuses connections for now.
const (
	// tooManyConnections is "sorry, too many clients already", and the
	// per-role and per-database connection limits.
	tooManyConnections = "53300"
	// cannotConnectNow is "the database system is starting up" (or in recovery).
	cannotConnectNow = "57P03"
)

// Refused reports whether err is PostgreSQL refusing a connection for a while,
// which start-up waits out: too many clients (53300), still starting up
// (57P03), or no server listening yet (connection refused). Any other error,
// such as a bad password or a missing database, is not.
func Refused(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == tooManyConnections || pqErr.Code == cannotConnectNow
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == tooManyConnections || pgErr.Code == cannotConnectNow
	}
	return errors.Is(err, syscall.ECONNREFUSED)
}

// Start-up retries' backoff: it doubles from the first to the last.
const (
	firstStartRetry = 250 * time.Millisecond
	lastStartRetry  = 5 * time.Second
)

// RetryStart runs try until it succeeds, fails for another reason than a
// refusal (see Refused), or wait has passed since it began; each retry is
// logged at warn level with the refusal. With wait 0 it tries once.
func RetryStart(ctx context.Context, wait time.Duration, log *slog.Logger, what string, try func(context.Context) error) error {
	if log == nil {
		log = slog.Default()
	}
	deadline := time.Now().Add(wait)
	backoff := firstStartRetry
	for attempt := 1; ; attempt++ {
		err := try(ctx)
		if err == nil || !Refused(err) {
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("%s: PostgreSQL still refuses connections after %s (VIDRA_DB_START_WAIT): %w", what, wait, err)
		}
		pause := min(backoff, left)
		log.WarnContext(ctx, "PostgreSQL refused the connection; retrying", "what", what, "attempt", attempt,
			"retry_in", pause.String(), "gives_up_in", left.Round(time.Second).String(), "error", err.Error())
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %w (last refusal: %v)", what, ctx.Err(), err)
		case <-time.After(pause):
		}
		backoff = min(2*backoff, lastStartRetry)
	}
}
