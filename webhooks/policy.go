package webhooks

import (
	"math/rand/v2"
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
