package gqlexec_test

import (
	"context"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

type testKey struct{}

// TestListElementContexts checks what an element's context gives: its field
// context with index and parent (so error paths are right), the parent's
// values, and the parent's deadline and cancellation.
func TestListElementContexts(t *testing.T) {
	base, cancel := context.WithDeadline(responseContext(), time.Now().Add(time.Hour))
	base = context.WithValue(base, testKey{}, "kept")
	list := &graphql.FieldContext{Object: "VideoConnection", Field: graphql.CollectedField{Field: &ast.Field{Alias: "edges", Name: "edges"}}}
	ctx := graphql.WithFieldContext(base, list)

	var children []context.Context
	gqlexec.MarshalSliceInOrder(ctx, 3, false, func(ctx context.Context, i int) graphql.Marshaler {
		fc := graphql.GetFieldContext(ctx)
		if fc == nil || fc.Index == nil || *fc.Index != i || fc.Parent != list {
			t.Fatalf("element %d: field context %+v", i, fc)
		}
		if got := fc.Path().String(); got != "edges["+string(rune('0'+i))+"]" {
			t.Fatalf("element %d: path %s", i, got)
		}
		if ctx.Value(testKey{}) != "kept" {
			t.Fatalf("element %d: the parent's value is lost", i)
		}
		if d, ok := ctx.Deadline(); !ok || d.Before(time.Now()) {
			t.Fatalf("element %d: deadline %v %v", i, d, ok)
		}
		derived, stop := context.WithCancel(ctx)
		t.Cleanup(stop)
		children = append(children, derived)
		// A field context made under the element has it as its parent.
		inner := graphql.WithFieldContext(ctx, &graphql.FieldContext{Field: graphql.CollectedField{Field: &ast.Field{Alias: "node", Name: "node"}}})
		if got := graphql.GetFieldContext(inner).Path().String(); got != "edges["+string(rune('0'+i))+"].node" {
			t.Fatalf("element %d: inner path %s", i, got)
		}
		return graphql.MarshalInt(i)
	})
	cancel()
	for i, c := range children {
		select {
		case <-c.Done():
		case <-time.After(time.Second):
			t.Fatalf("element %d: a context derived from it was not cancelled with the request", i)
		}
	}
}

// TestListElementContextMadeOnce asks for an element's field context from
// several goroutines at once (as the element's resolver fields do) and checks
// that they all get the same one.
func TestListElementContextMadeOnce(t *testing.T) {
	list := &graphql.FieldContext{Object: "VideoConnection", Field: graphql.CollectedField{Field: &ast.Field{Alias: "edges", Name: "edges"}}}
	ctx := graphql.WithFieldContext(responseContext(), list)
	gqlexec.MarshalSliceInOrder(ctx, 2, false, func(ctx context.Context, i int) graphql.Marshaler {
		seen := fieldContextsSeen(ctx, 8)
		for _, fc := range seen {
			if fc != seen[0] || *fc.Index != i || fc.Parent != list {
				t.Fatalf("element %d: goroutines saw different field contexts", i)
			}
		}
		return graphql.MarshalInt(i)
	})
}

// TestListElementResult checks that the result recorded for an element is in
// its field context, whether that is made after the result is recorded or
// before.
func TestListElementResult(t *testing.T) {
	ctx := graphql.WithFieldContext(responseContext(), &graphql.FieldContext{Object: "VideoConnection"})
	values := []string{"a", "b"}
	gqlexec.MarshalSliceInOrder(ctx, len(values), false, func(ctx context.Context, i int) graphql.Marshaler {
		if i == 1 {
			graphql.GetFieldContext(ctx) // made before the result is recorded
		}
		gqlexec.SetElementResult(ctx, &values[i])
		if got := graphql.GetFieldContext(ctx).Result; got != &values[i] {
			t.Fatalf("element %d: result %v, want %p", i, got, &values[i])
		}
		return graphql.MarshalString(values[i])
	})
}
