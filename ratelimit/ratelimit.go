// Package ratelimit keeps rate limits in the database, so that every replica
// of a deployment counts the same attempts: three API replicas on one database
// allow what one allows. Each bucket is one row of rate_limits holding the
// bucket as the generic cell rate algorithm (GCRA) does, its theoretical
// arrival time, which gives exactly the token bucket of auth.Limit (Burst
// attempts at once, one more every Every) and the same Retry-After. Every
// attempt is one atomic statement (an insert, else a conditional update), so
// concurrent replicas never both take the last token.
package ratelimit

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/auth"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/ratelimit"
	"github.com/vidra-dev/vidra/tenancy"
)

// Store is the database the buckets live in.
type Store struct {
	// Client inserts new buckets; SQL runs the conditional updates; Dialect
	// picks the placeholders.
	Client  *ent.Client
	SQL     *sql.DB
	Dialect string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Limiter returns the shared limiter named name (the prefix of its buckets)
// with the limit l; a zero Burst allows everything.
func (s *Store) Limiter(name string, l auth.Limit) auth.Bucket {
	return &limiter{s: s, name: name, limit: l,
		take:  s.rebind(takeSQL),
		check: s.rebind(`SELECT tat_ms FROM rate_limits WHERE bucket = ?`)}
}

// takeSQL takes one token: the theoretical arrival time moves one interval on
// from max(tat, now), unless that leaves it more than burst intervals ahead.
// Arguments: now, interval, bucket, now, interval, burst*interval, now.
const takeSQL = `UPDATE rate_limits SET tat_ms = (CASE WHEN tat_ms > ? THEN tat_ms ELSE ? END) + ?
WHERE bucket = ? AND (CASE WHEN tat_ms > ? THEN tat_ms ELSE ? END) + ? - ? <= ?`

// rebind turns ? placeholders into $n on PostgreSQL.
func (s *Store) rebind(q string) string {
	if s.Dialect != dialect.Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

type limiter struct {
	s           *Store
	name        string
	limit       auth.Limit
	take, check string
}

// Take takes one attempt for key, or says how long until the next is allowed.
func (l *limiter) Take(ctx context.Context, key string) (bool, time.Duration, error) {
	if l.limit.Burst <= 0 {
		return true, 0, nil
	}
	bucket := l.name + ":" + key
	if len(bucket) > 512 {
		bucket = bucket[:512]
	}
	ctx = tenancy.CredentialContext(ctx, "rate limit")
	every := l.limit.Every.Milliseconds()
	window := int64(l.limit.Burst) * every
	for range 3 {
		now := l.s.now().UnixMilli()
		err := l.s.Client.RateLimit.Create().SetBucket(bucket).SetTatMs(now + every).Exec(ctx)
		if err == nil {
			return true, 0, nil
		}
		if !ent.IsConstraintError(err) {
			return false, 0, err
		}
		res, err := l.s.SQL.ExecContext(ctx, l.take, now, now, every, bucket, now, now, every, window, now)
		if err != nil {
			return false, 0, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return false, 0, err
		} else if n == 1 {
			return true, 0, nil
		}
		var tat int64
		switch err := l.s.SQL.QueryRowContext(ctx, l.check, bucket).Scan(&tat); {
		case err == sql.ErrNoRows:
			continue // removed by the cleanup meanwhile: insert again
		case err != nil:
			return false, 0, err
		}
		if wait := tat + every - window - now; wait > 0 {
			return false, time.Duration(wait) * time.Millisecond, nil
		}
		// A token came free between the update and the read: take it again.
	}
	return false, time.Second, nil
}

// DeleteFull removes the buckets that are full again (nothing to remember) and
// says how many.
func (s *Store) DeleteFull(ctx context.Context) (int, error) {
	ctx = tenancy.CredentialContext(ctx, "rate limit cleanup")
	return s.Client.RateLimit.Delete().Where(ratelimit.TatMsLT(s.now().UnixMilli())).Exec(ctx)
}
