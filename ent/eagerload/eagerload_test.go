package eagerload

import (
	"context"
	"testing"
)

// query stands for an ent query: the mark compares the pointer.
type query struct{ name string }

// TestTheMarkNamesOneQuery: the load is told to its own query only, not to
// another query run under the same context (a grandchild's, a resolver's).
func TestTheMarkNamesOneQuery(t *testing.T) {
	captions, other := &query{"captions"}, &query{"captions"}
	ctx := Children(context.Background(), captions, "videos", "video_id")
	l, ok := Of(ctx, captions)
	if !ok || l.Parent != "videos" || l.Column != "video_id" {
		t.Fatalf("Of(the marked query) = %+v, %v", l, ok)
	}
	if _, ok := Of(ctx, other); ok {
		t.Error("another query under the same context counts as the load")
	}
	if _, ok := Of(context.Background(), captions); ok {
		t.Error("a query with no mark counts as a load")
	}
	if _, ok := Of(ctx, nil); ok {
		t.Error("a nil query counts as the load")
	}
}
