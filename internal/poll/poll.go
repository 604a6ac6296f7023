// Package poll waits in tests for a condition that holds eventually.
package poll

import (
	"testing"
	"time"
)

// Until polls cond every 50 ms until it holds, failing the test (what names
// the awaited condition) after timeout.
func Until(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(timeout); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
