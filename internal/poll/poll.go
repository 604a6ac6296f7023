// Package poll waits in tests for a condition that holds eventually: the test
// names what it waits for and how long it may take, and polls it instead of
// sleeping a guessed time.
package poll

import (
	"testing"
	"time"
)

// Interval is how often Until and Within test their condition.
const Interval = 50 * time.Millisecond

// Until polls cond every Interval until it holds, failing the test (what names
// the awaited condition) after timeout.
func Until(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	if !Within(timeout, cond) {
		t.Fatalf("timed out after %s waiting for %s", timeout, what)
	}
}

// Within polls cond every Interval until it holds or timeout passes, and
// reports whether it held; a caller that fails with its own message (what it
// saw last) uses it instead of Until.
func Within(timeout time.Duration, cond func() bool) bool {
	return Every(Interval, timeout, cond)
}

// Every is Within at another pace: a benchmark that measures when cond begins
// to hold polls often enough for its resolution, a test that polls a costly
// query less often.
func Every(interval, timeout time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(timeout); !cond(); {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(interval)
	}
	return true
}
