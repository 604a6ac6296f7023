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
// three stacked ones.
func (r *Resolver) fieldRules(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && !fc.IsResolver && !fc.IsMethod {
		return next(ctx)
	}
	return requireCredential(ctx, func(ctx context.Context) (any, error) {
		return r.recordMutations(ctx, func(ctx context.Context) (any, error) {
			return classifyResolverErrors(ctx, next)
		})
	})
}
