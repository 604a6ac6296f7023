package auth

import (
	"context"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limit is a token bucket: Burst attempts at once, refilled at one per Every.
type Limit struct {
	Burst int
	Every time.Duration
}

// Limiter keeps one token bucket per key (an address or an account) in process.
// It is keyed inside the domain functions rather than as HTTP middleware so that
// GraphQL and REST, which run the same mutations, share the same limits.
type Limiter struct {
	limit Limit
	mu    sync.Mutex
	keys  map[string]*entry
	now   func() time.Time
}

type entry struct {
	lim  *rate.Limiter
	seen time.Time
}

// Bucket is a rate limit whose attempts are counted per key: in process
// (Limiter) or in the database shared by every replica (package ratelimit).
type Bucket interface {
	// Take takes one attempt for key, or says how long until the next is
	// allowed; an error means the attempt could not be counted.
	Take(ctx context.Context, key string) (bool, time.Duration, error)
}

var _ Bucket = (*Limiter)(nil)

// NewLimiterAt is NewLimiter on the clock now (tests).
func NewLimiterAt(l Limit, now func() time.Time) *Limiter {
	lim := NewLimiter(l)
	lim.now = now
	return lim
}

// Take is Allow as a Bucket.
func (l *Limiter) Take(_ context.Context, key string) (bool, time.Duration, error) {
	ok, wait := l.Allow(key)
	return ok, wait, nil
}

// NewLimiter returns a limiter; a zero Burst disables it.
func NewLimiter(l Limit) *Limiter {
	return &Limiter{limit: l, keys: map[string]*entry{}, now: time.Now}
}

// Allow takes one attempt for key, or says how long until the next is allowed.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	if l == nil || l.limit.Burst <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.keys) > 10_000 {
		l.sweep(now)
	}
	e, ok := l.keys[key]
	if !ok {
		e = &entry{lim: rate.NewLimiter(rate.Every(l.limit.Every), l.limit.Burst)}
		l.keys[key] = e
	}
	e.seen = now
	r := e.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep forgets keys whose buckets are full again, bounding memory.
func (l *Limiter) sweep(now time.Time) {
	full := time.Duration(l.limit.Burst) * l.limit.Every
	for k, e := range l.keys {
		if now.Sub(e.seen) > full {
			delete(l.keys, k)
		}
	}
}

// RetryAfterSeconds rounds a delay up to whole seconds, at least 1.
func RetryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
