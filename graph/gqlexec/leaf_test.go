package gqlexec_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// leafField resolves a field "title" of a Video holding value through
// ResolveLeafRef.
func leafField[T any](ctx context.Context, value T, marshal func(context.Context, ast.SelectionSet, T) graphql.Marshaler, direct func(*T) (graphql.Marshaler, bool)) graphql.Marshaler {
	oc := &graphql.OperationContext{RecoverFunc: func(_ context.Context, r any) error { return errors.New("panic: " + r.(string)) }}
	field := graphql.CollectedField{Field: &ast.Field{Alias: "title", Name: "title"}}
	newFieldContext := func(_ *struct{}, _ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return gqlexec.NewScalarFieldContext("Video", field, false, false, titleChild)
	}
	return gqlexec.ResolveLeafRef(ctx, oc, field, (*struct{})(nil), newFieldContext, &value, marshal, true, direct)
}

// The marshallers below are gqlgen's generated ones for non-null fields.

func marshalTime(ctx context.Context, _ ast.SelectionSet, v time.Time) graphql.Marshaler {
	res := graphql.MarshalTime(v)
	if res == graphql.Null && !graphql.HasFieldError(ctx, graphql.GetFieldContext(ctx)) {
		graphql.AddErrorf(ctx, "the requested element is null which the schema does not allow")
	}
	return res
}

func marshalFloat(ctx context.Context, _ ast.SelectionSet, v float64) graphql.Marshaler {
	return graphql.WrapContextMarshaler(ctx, graphql.MarshalFloatContext(v))
}

// written is what m writes.
func written(m graphql.Marshaler) string {
	var buf bytes.Buffer
	m.MarshalGQL(&buf)
	return buf.String()
}

func TestResolveLeafRefWritesWithoutAFieldContext(t *testing.T) {
	ctx := responseContext()
	got := leafField(ctx, "Intro", func(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
		t.Fatalf("a value written directly went through its marshaller, in field context %+v", graphql.GetFieldContext(ctx))
		return nil
	}, gqlexec.StringRef)
	at := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
	if s := written(got); s != `"Intro"` {
		t.Fatalf("string: wrote %s", s)
	}
	if s := written(leafField(ctx, at, marshalTime, gqlexec.TimeRef)); s != `"2026-11-22T10:30:00Z"` {
		t.Fatalf("time: wrote %s", s)
	}
	if s := written(leafField(ctx, 12.5, marshalFloat, gqlexec.FloatRef)); s != `12.5` {
		t.Fatalf("float: wrote %s", s)
	}
	if errs := errorPaths(ctx); len(errs) != 0 {
		t.Fatalf("errors %v", errs)
	}
}

func TestResolveLeafRefReportsRefusedValuesAtThePath(t *testing.T) {
	ctx := responseContext()
	if got := leafField(ctx, time.Time{}, marshalTime, gqlexec.TimeRef); got != graphql.Null {
		t.Fatalf("zero time: got %s, want null", written(got))
	}
	if errs := errorPaths(ctx); len(errs) != 1 || errs[0] != "title: the requested element is null which the schema does not allow" {
		t.Fatalf("zero time: errors %v", errs)
	}

	ctx = responseContext()
	nan := leafField(ctx, math.NaN(), marshalFloat, gqlexec.FloatRef)
	written(nan) // the float marshaller reports when it writes
	if errs := errorPaths(ctx); len(errs) != 1 || errs[0] != "title: cannot marshal infinite no NaN float values" {
		t.Fatalf("NaN: errors %v", errs)
	}
}

func TestResolveLeafRefReportsAPanicAtItsPath(t *testing.T) {
	ctx := responseContext()
	got := leafField(ctx, time.Time{}, func(context.Context, ast.SelectionSet, time.Time) graphql.Marshaler {
		panic("marshal")
	}, gqlexec.TimeRef)
	if errs := errorPaths(ctx); got != graphql.Null || len(errs) != 1 || errs[0] != "title: panic: marshal" {
		t.Fatalf("got %v, errors %v; want null and the panic at title", got, errs)
	}
}
