package gqlserver

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
)

// IntrospectionMode says who may introspect the schema (__schema, __type);
// __typename is always allowed.
type IntrospectionMode string

// The introspection modes (VIDRA_INTROSPECTION).
const (
	IntrospectionOn            IntrospectionMode = "true"
	IntrospectionOff           IntrospectionMode = "false"
	IntrospectionAuthenticated IntrospectionMode = "authenticated"
)

// NewIntrospectionPolicy returns the extension that enables introspection for the operations its mode allows
// and refuses, with a clear error before anything runs, the others that ask
// for it (gqlgen would answer them a resolver error per field).
func NewIntrospectionPolicy(mode IntrospectionMode) graphql.HandlerExtension {
	return introspectionPolicy{mode: mode}
}

// introspectionPolicy is the extension of NewIntrospectionPolicy.
type introspectionPolicy struct {
	mode IntrospectionMode
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = introspectionPolicy{}

// ExtensionName implements graphql.HandlerExtension.
func (introspectionPolicy) ExtensionName() string { return "VidraIntrospectionPolicy" }

// Validate implements graphql.HandlerExtension.
func (introspectionPolicy) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext implements graphql.OperationContextMutator.
func (p introspectionPolicy) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	switch {
	case p.mode == IntrospectionOn || p.mode == "",
		p.mode == IntrospectionAuthenticated && auth.FromContext(ctx) != nil:
		oc.DisableIntrospection = false
		return nil
	}
	if oc.Operation == nil || !introspects(oc.Doc, oc.Operation.SelectionSet, map[string]bool{}) {
		return nil
	}
	if p.mode == IntrospectionAuthenticated {
		err := gqlerror.Errorf("introspection requires a credential: send Authorization: Bearer <access token> or X-API-Key")
		setCode(err, fault.KindUnauthenticated)
		return err
	}
	err := gqlerror.Errorf("introspection is disabled on this server")
	setCode(err, fault.KindForbidden)
	return err
}

// introspects tells whether a root selection set asks for __schema or __type,
// directly or through fragments (seen holds the fragments already looked at).
func introspects(doc *ast.QueryDocument, set ast.SelectionSet, seen map[string]bool) bool {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if s.Name == "__schema" || s.Name == "__type" {
				return true
			}
		case *ast.InlineFragment:
			if introspects(doc, s.SelectionSet, seen) {
				return true
			}
		case *ast.FragmentSpread:
			if seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			if def := doc.Fragments.ForName(s.Name); def != nil && introspects(doc, def.SelectionSet, seen) {
				return true
			}
		}
	}
	return false
}

// setCode sets err's extensions.code to kind, as the error presenter does for
// the errors of resolvers.
func setCode(err *gqlerror.Error, kind fault.Kind) {
	if err.Extensions == nil {
		err.Extensions = map[string]any{}
	}
	err.Extensions["code"] = string(kind)
}
