package poll

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestWithinWaitsForTheCondition(t *testing.T) {
	var calls atomic.Int32
	start := time.Now()
	if !Within(5*time.Second, func() bool { return calls.Add(1) == 3 }) {
		t.Fatal("Within gave up on a condition that holds at the third call")
	}
	if n := calls.Load(); n != 3 {
		t.Errorf("cond called %d times, want 3 (polling stops once it holds)", n)
	}
	if waited := time.Since(start); waited < 2*Interval {
		t.Errorf("returned after %s, want two intervals between three calls", waited)
	}
}

func TestWithinGivesUp(t *testing.T) {
	start := time.Now()
	if Within(120*time.Millisecond, func() bool { return false }) {
		t.Fatal("Within reported a condition that never holds")
	}
	if waited := time.Since(start); waited < 120*time.Millisecond || waited > 2*time.Second {
		t.Errorf("gave up after %s, want the 120 ms timeout", waited)
	}
}

func TestEveryPollsAtItsPace(t *testing.T) {
	var calls atomic.Int32
	if !Every(time.Millisecond, time.Second, func() bool { return calls.Add(1) == 20 }) {
		t.Fatal("Every gave up on a condition that holds at the 20th call")
	}
}

// recorder is a testing.TB that records a fatal failure instead of stopping
// the goroutine, so Until's failure can be observed.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = format
}

func TestUntilFailsTheTest(t *testing.T) {
	r := &recorder{TB: t}
	Until(r, "nothing", 60*time.Millisecond, func() bool { return false })
	if r.failed == "" {
		t.Fatal("Until did not fail the test on a condition that never holds")
	}
	r = &recorder{TB: t}
	Until(r, "something", time.Second, func() bool { return true })
	if r.failed != "" {
		t.Fatalf("Until failed a test whose condition holds: %s", r.failed)
	}
}
