// Package gqlexec holds what the generated GraphQL executor calls in place of
// gqlgen's own helpers, where ours does the same work for less (see
// graph/codegen, which wires it in at generation time).
package gqlexec

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalSliceInOrder marshals the n elements of a list one after the other, in
// the calling goroutine. It stands in for gqlgen's MarshalSliceConcurrently with
// a worker limit of 1 (exec.worker_limit in gqlgen.yml): that also marshals one
// element at a time, but in a new goroutine per element, whose stack then grows
// through the deep generated marshal frames. Fields with resolvers inside each
// element still run concurrently with each other, as gqlgen dispatches them.
//
// Each element gets a field context with its index, as gqlgen's does, all of a
// list's made in one allocation (see elementContext). A panic in
// an element is reported as that element's error and the list as null, as gqlgen
// does, unless omitPanicHandler is set.
func MarshalSliceInOrder(ctx context.Context, n int, omitPanicHandler bool, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	ret := make(graphql.Array, n)
	elems := elementContexts(ctx, n)
	for i := range n {
		childCtx := context.Context(&elems[i])
		if omitPanicHandler {
			ret[i] = marshalElement(childCtx, i)
			continue
		}
		if !marshalRecovering(childCtx, i, ret, marshalElement) {
			return nil
		}
	}
	return ret
}

// marshalRecovering marshals element i into ret and reports false when it
// panicked, after adding the panic to the response's errors.
func marshalRecovering(ctx context.Context, i int, ret graphql.Array, marshalElement func(ctx context.Context, i int) graphql.Marshaler) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			graphql.AddError(ctx, graphql.Recover(ctx, r))
			ok = false
		}
	}()
	ret[i] = marshalElement(ctx, i)
	return true
}
