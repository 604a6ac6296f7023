package gqlexec_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/99designs/gqlgen/graphql"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

func responseContext() context.Context {
	return graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter,
		func(_ context.Context, r any) error { return errors.New("panic: " + r.(string)) })
}

func TestMarshalSliceInOrderKeepsOrderAndIndex(t *testing.T) {
	ctx := responseContext()
	var seen []int
	got := gqlexec.MarshalSliceInOrder(ctx, 3, false, func(ctx context.Context, i int) graphql.Marshaler {
		fc := graphql.GetFieldContext(ctx)
		if fc == nil || fc.Index == nil || *fc.Index != i {
			t.Fatalf("element %d: field context index %v", i, fc)
		}
		seen = append(seen, i)
		return graphql.MarshalString("e" + strconv.Itoa(i))
	})
	var buf bytes.Buffer
	got.MarshalGQL(&buf)
	if buf.String() != `["e0","e1","e2"]` || len(seen) != 3 || seen[0] != 0 || seen[2] != 2 {
		t.Fatalf("got %s, marshalled in order %v", buf.String(), seen)
	}
}

func TestMarshalSliceInOrderReportsAPanicAsAnError(t *testing.T) {
	ctx := responseContext()
	got := gqlexec.MarshalSliceInOrder(ctx, 3, false, func(ctx context.Context, i int) graphql.Marshaler {
		if i == 1 {
			panic("element 1")
		}
		return graphql.MarshalInt(i)
	})
	if got != nil {
		t.Fatalf("a list with a panicking element is %v, want null", got)
	}
	errs := graphql.GetErrors(ctx)
	if len(errs) != 1 || errs[0].Message != "panic: element 1" {
		t.Fatalf("errors %v, want the one from the panic", errs)
	}
}

func TestMarshalSliceInOrderEmpty(t *testing.T) {
	got := gqlexec.MarshalSliceInOrder(responseContext(), 0, false, func(context.Context, int) graphql.Marshaler {
		t.Fatal("no element to marshal")
		return nil
	})
	if got == nil || len(got) != 0 {
		t.Fatalf("empty list is %v, want []", got)
	}
}
