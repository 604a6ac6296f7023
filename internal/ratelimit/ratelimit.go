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
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/auth"
)

// Store is the database the buckets live in.
type Store struct {
	// SQL is the pool the attempts are counted through. The server gives it a
	// pool of its own: a sign-in mutation holds a connection of the main pool
	// for its transaction while it counts, so counting through that pool could
	// wait forever once every connection is held that way.
	SQL *sql.DB
	// Dialect picks the placeholders.
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
		insert: s.rebind(insertSQL),
		take:   s.rebind(takeSQL),
		check:  s.rebind(`SELECT tat_ms FROM rate_limits WHERE bucket = ?`)}
}

// insertSQL creates a bucket with its first attempt taken.
const insertSQL = `INSERT INTO rate_limits (id, created_at, updated_at, bucket, tat_ms) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (bucket) DO NOTHING`

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
	s                   *Store
	name                string
	limit               auth.Limit
	insert, take, check string
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
	every := l.limit.Every.Milliseconds()
	window := int64(l.limit.Burst) * every
	// The clock is read once the connection is held: a time read before
	// waiting for the pool would be stale by the wait, and a stale now makes
	// a free token look taken.
	conn, err := l.s.SQL.Conn(ctx)
	if err != nil {
		return false, 0, err
	}
	defer func() { _ = conn.Close() }()
	for range 3 {
		at := l.s.now()
		now := at.UnixMilli()
		if ok, err := exec(ctx, conn, l.insert, uuid.New(), at.UTC(), at.UTC(), bucket, now+every); err != nil || ok {
			return ok, 0, err
		}
		if ok, err := exec(ctx, conn, l.take, now, now, every, bucket, now, now, every, window, now); err != nil || ok {
			return ok, 0, err
		}
		var tat int64
		switch err := conn.QueryRowContext(ctx, l.check, bucket).Scan(&tat); {
		case err == sql.ErrNoRows:
			continue // removed by the cleanup meanwhile: insert again
		case err != nil:
			return false, 0, err
		}
		if wait := tat + every - window - now; wait > 0 {
			// A token frees within every ms whatever the clock of the taker
			// that last moved the bucket said: replicas' clocks (and two
			// readings racing here) differ by a few ms, which must not make
			// the wait longer than the refill interval.
			return false, time.Duration(min(wait, every)) * time.Millisecond, nil
		}
		// A token came free between the update and the read: take it again.
	}
	return false, time.Second, nil
}

// exec runs a statement on conn and reports whether it changed a row.
func exec(ctx context.Context, conn *sql.Conn, query string, args ...any) (bool, error) {
	res, err := conn.ExecContext(ctx, query, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteFull removes the buckets that are full again (nothing to remember) and
// says how many.
func (s *Store) DeleteFull(ctx context.Context) (int, error) {
	res, err := s.SQL.ExecContext(ctx, s.rebind(`DELETE FROM rate_limits WHERE tat_ms < ?`), s.now().UnixMilli())
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}
