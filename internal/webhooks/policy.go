package webhooks

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Policy is how deliveries are retried and when a failing endpoint is disabled.
type Policy struct {
	// Timeout bounds one request.
	Timeout time.Duration
	// Base is the first retry's delay; each later one doubles, up to MaxDelay.
	Base, MaxDelay time.Duration
	// RetryFor is the least time a delivery is retried for before it fails.
	RetryFor time.Duration
	// DisableAfter disables an endpoint that has failed without a success this long.
	DisableAfter time.Duration
	// AllowPrivate permits plain http and loopback, private and link-local addresses.
	AllowPrivate bool
}

// jitterLow and jitterHigh bound the random factor applied to each delay, so
// deliveries that failed together do not retry together.
const jitterLow, jitterHigh = 0.8, 1.2

// delay is the nominal delay before retry n (1 for the first retry), without jitter.
func (p Policy) delay(n int) time.Duration {
	d := p.Base
	for i := 1; i < n && d < p.MaxDelay; i++ {
		d *= 2
	}
	return min(d, p.MaxDelay)
}

// Backoff is the jittered delay before retry n.
func (p Policy) Backoff(n int) time.Duration {
	f := jitterLow + rand.Float64()*(jitterHigh-jitterLow)
	return time.Duration(float64(p.delay(n)) * f)
}

// MaxAttempts is how many attempts make sure a delivery is retried for at least
// RetryFor even when every delay draws the lowest jitter.
func (p Policy) MaxAttempts() int {
	var total time.Duration
	n := 1
	for ; total < p.RetryFor && n < 1000; n++ {
		total += time.Duration(float64(p.delay(n)) * jitterLow)
	}
	return n
}

// retryAfter reads a Retry-After header (RFC 9110 10.2.3: delay-seconds or an
// HTTP date) as a delay from now, at most MaxDelay so a receiver cannot park a
// delivery for longer than the Policy's own longest wait; 0 when the header is
// absent, malformed or already past.
func (p Policy) retryAfter(header string, now time.Time) time.Duration {
	header = strings.TrimSpace(header)
	if header == "" {
		return 0
	}
	var d time.Duration
	secs, err := strconv.ParseInt(header, 10, 64)
	switch {
	case err == nil && secs > int64(p.MaxDelay/time.Second):
		return p.MaxDelay // also keeps the multiplication below from overflowing
	case err == nil:
		d = time.Duration(secs) * time.Second
	case errors.Is(err, strconv.ErrRange) && secs > 0:
		return p.MaxDelay
	default:
		if at, err := http.ParseTime(header); err == nil {
			d = at.Sub(now)
		}
	}
	return max(0, min(d, p.MaxDelay))
}
