package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// fieldRules is the one field middleware of every execution: the root-field
// credential guard, then the audit of mutations, then the classification of
// resolver errors, outermost first. A plain struct field (no resolver, no method)
// is none of their business, so it passes straight through: a page of results is
// hundreds of such fields, and one middleware with that shortcut costs less than
// three stacked ones. A resolver below the root (a video's tags, embedURL, a
// folder's videos) is none of the credential guard's or the audit's business
// either (they act on root fields and Mutation fields only), so it goes to the
// error classification alone: a page runs one or two such resolvers per row,
// often each on a goroutine of its own whose stack grows with every frame.
func (r *Resolver) fieldRules(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc != nil && !fc.IsResolver && !fc.IsMethod {
		return next(ctx)
	}
	if fc != nil && !isRootObject(fc.Object) {
		return classifyResolverErrors(ctx, next)
	}
	return requireCredential(ctx, func(ctx context.Context) (any, error) {
		return r.recordMutations(ctx, func(ctx context.Context) (any, error) {
			return classifyResolverErrors(ctx, next)
		})
	})
}
