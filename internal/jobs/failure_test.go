package jobs

import (
	"context"
	"testing"
	"time"
)

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
