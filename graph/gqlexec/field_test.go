package gqlexec_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

var titleChild = gqlexec.NoChildFields("field of type String does not have child fields")

// plainField resolves a field "title" of a Video through ResolvePlainField.
func plainField[T any](ctx context.Context, value T, marshal func(context.Context, ast.SelectionSet, T) graphql.Marshaler, nonNull bool) graphql.Marshaler {
	oc := &graphql.OperationContext{RecoverFunc: func(_ context.Context, r any) error { return errors.New("panic: " + r.(string)) }}
	field := graphql.CollectedField{Field: &ast.Field{Alias: "title", Name: "title"}}
	newFieldContext := func(_ *struct{}, _ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return gqlexec.NewScalarFieldContext("Video", field, false, false, titleChild)
	}
	return gqlexec.ResolvePlainField(ctx, oc, field, (*struct{})(nil), newFieldContext, value, marshal, nonNull)
}

// errorPaths lists the response's errors as "path: message".
func errorPaths(ctx context.Context) []string {
	var out []string
	for _, e := range graphql.GetErrors(ctx) {
		out = append(out, e.Path.String()+": "+e.Message)
	}
	return out
}

func TestResolvePlainFieldMarshalsInItsOwnFieldContext(t *testing.T) {
	ctx := responseContext()
	got := plainField(ctx, "Intro", func(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
		fc := graphql.GetFieldContext(ctx)
		if fc == nil || fc.Object != "Video" || fc.Field.Alias != "title" || fc.IsResolver || fc.IsMethod {
			t.Fatalf("marshalled in field context %+v, want Video.title's", fc)
		}
		if _, err := fc.Child(ctx, graphql.CollectedField{}); err == nil || err.Error() != "field of type String does not have child fields" {
			t.Fatalf("child of a scalar: %v", err)
		}
		return graphql.MarshalString(v)
	}, true)
	var buf bytes.Buffer
	got.MarshalGQL(&buf)
	if buf.String() != `"Intro"` || len(graphql.GetErrors(ctx)) != 0 {
		t.Fatalf("got %s, errors %v", buf.String(), errorPaths(ctx))
	}
}

func TestResolvePlainFieldReportsAPanicAtItsPath(t *testing.T) {
	ctx := responseContext()
	got := plainField(ctx, "Intro", func(context.Context, ast.SelectionSet, string) graphql.Marshaler {
		panic("marshal")
	}, true)
	errs := errorPaths(ctx)
	if got != graphql.Null || len(errs) != 1 || errs[0] != "title: panic: marshal" {
		t.Fatalf("got %v, errors %v; want null and the panic at title", got, errs)
	}
}

func TestResolvePlainFieldNilInterface(t *testing.T) {
	marshal := func(context.Context, ast.SelectionSet, any) graphql.Marshaler {
		t.Fatal("a nil value is not marshalled")
		return nil
	}
	ctx := responseContext()
	if got := plainField[any](ctx, nil, marshal, true); got != graphql.Null {
		t.Fatalf("non-null nil: got %v", got)
	}
	if errs := errorPaths(ctx); len(errs) != 1 || errs[0] != "title: must not be null" {
		t.Fatalf("non-null nil: errors %v", errs)
	}
	ctx = responseContext()
	if got := plainField[any](ctx, nil, marshal, false); got != graphql.Null || len(graphql.GetErrors(ctx)) != 0 {
		t.Fatalf("nullable nil: got %v, errors %v", got, errorPaths(ctx))
	}
}

// TestResolvePlainFieldMakesItsContextOnDemand checks that a plain field's
// context is made only when asked for, once however many goroutines ask at
// the same time, with the parent's field context as its Parent.
func TestResolvePlainFieldMakesItsContextOnDemand(t *testing.T) {
	oc := &graphql.OperationContext{}
	parent := &graphql.FieldContext{Object: "VideoConnection"}
	ctx := graphql.WithFieldContext(responseContext(), parent)
	field := graphql.CollectedField{Field: &ast.Field{Alias: "node", Name: "node"}}
	var made atomic.Int32
	newFieldContext := func(_ *struct{}, _ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		made.Add(1)
		return &graphql.FieldContext{Object: "VideoEdge", Field: field}, nil
	}

	gqlexec.ResolvePlainField(ctx, oc, field, (*struct{})(nil), newFieldContext, "v", func(context.Context, ast.SelectionSet, string) graphql.Marshaler {
		return graphql.MarshalString("v")
	}, true)
	if made.Load() != 0 {
		t.Fatalf("made %d field contexts for a field nobody asked about", made.Load())
	}

	var seen []*graphql.FieldContext
	gqlexec.ResolvePlainField(ctx, oc, field, (*struct{})(nil), newFieldContext, "v", func(ctx context.Context, _ ast.SelectionSet, _ string) graphql.Marshaler {
		seen = fieldContextsSeen(ctx, 8)
		return graphql.Null
	}, false)
	for _, fc := range seen {
		if fc == nil || fc != seen[0] || fc.Object != "VideoEdge" || fc.Field.Alias != "node" || fc.Parent != parent {
			t.Fatalf("goroutines saw %+v, want one VideoEdge.node context under the parent's", fc)
		}
	}
	if made.Load() > 8 {
		t.Fatalf("made %d field contexts for 8 askers", made.Load())
	}
	if got := seen[0].Path().String(); got != "node" {
		t.Fatalf("path %q, want node", got)
	}
}

// fieldContextsSeen asks for ctx's field context from n goroutines at once, as
// the resolver fields below a field do, and returns what each got.
func fieldContextsSeen(ctx context.Context, n int) []*graphql.FieldContext {
	seen := make([]*graphql.FieldContext, n)
	var wg sync.WaitGroup
	for i := range seen {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen[i] = graphql.GetFieldContext(ctx)
		}()
	}
	wg.Wait()
	return seen
}
