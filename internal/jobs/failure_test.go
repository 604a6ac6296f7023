package jobs

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestBoundedReason(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		want  string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"abcdef", 3, "abc"},
		{"aé", 2, "a"},   // é is 2 bytes: not cut in half
		{"a€b", 3, "a"},  // € is 3 bytes
		{"a€b", 4, "a€"}, // a whole rune fits
		{"€", 0, ""},
	} {
		got := boundedReason(c.in, c.limit)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("boundedReason(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
	long := strings.Repeat("é", maxFailureReason)
	if got := boundedReason(long, maxFailureReason); len(got) != maxFailureReason || !utf8.ValidString(got) {
		t.Errorf("a long reason is cut to %d bytes (valid %v)", len(got), utf8.ValidString(got))
	}
}

func TestFailureContext(t *testing.T) {
	type key struct{}
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
	cancel()
	ctx, done := failureContext(parent)
	defer done()
	if ctx.Err() != nil {
		t.Fatalf("a failure context is done with its canceled parent: %v", ctx.Err())
	}
	if ctx.Value(key{}) != "v" {
		t.Fatal("a failure context lost its parent's values")
	}
	if d, ok := ctx.Deadline(); !ok || time.Until(d) > failureTimeout {
		t.Fatalf("a failure context's deadline %v", d)
	}
}
