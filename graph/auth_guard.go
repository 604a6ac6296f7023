package graph

import (
	"context"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Authenticate is the HTTP middleware of every route: the request's
// credential checked and its principal put in the context
// (internal/credential).
func (r *Resolver) Authenticate(next http.Handler) http.Handler {
	return r.credentials.Authenticate(next)
}

// requireCredential is the root-field guard: a root field of Query, Mutation or
// Subscription runs without a principal only when its definition carries @public.
func requireCredential(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Field.Field == nil || fc.Field.Definition == nil || !isRootObject(fc.Object) ||
		strings.HasPrefix(fc.Field.Name, "__") {
		return next(ctx)
	}
	if fc.Field.Definition.Directives.ForName("public") != nil {
		// Public fields (sign-up, sign-in, invitation by token...) find their rows by
		// the secrets they are given, before or without a principal.
		return next(tenancy.SystemContext(ctx, "public field "+fc.Field.Name))
	}
	if auth.FromContext(ctx) != nil {
		return next(ctx)
	}
	forbidden, msg := auth.Refusal(ctx)
	if forbidden {
		return nil, Errorf(KindForbidden, "%s", msg)
	}
	return nil, Errorf(KindUnauthenticated, "%s", msg)
}

func isRootObject(name string) bool {
	return name == "Query" || name == "Mutation" || name == "Subscription"
}
