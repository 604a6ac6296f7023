package gqlserver

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// codeSubscriptionsOnly is the extensions.code of a query or mutation sent over
// the subscription websocket. It is a protocol error, so the websocket
// transport answers it with the protocol's error message (graphql-transport-ws
// "error", legacy graphql-ws "error") and runs nothing.
const codeSubscriptionsOnly = "SUBSCRIPTIONS_ONLY"

func init() { errcode.RegisterErrorType(codeSubscriptionsOnly, errcode.KindProtocol) }

// websocketConnectionKey marks the context of an operation that came over a
// subscription connection (set by Websocket.init).
type websocketConnectionKey struct{}

// NewSubscriptionsOnly returns the extension that refuses, before anything runs, a query or mutation sent
// over the subscription websocket: that connection carries subscriptions, and
// queries and mutations go over HTTP, where every HTTP rule (limits, cookies,
// Retry-After, the idempotency record) applies. Run there, gqlgen's websocket
// transport would also call a mutation's response handler a second time, which
// the transaction extension does not expect.
func NewSubscriptionsOnly() graphql.HandlerExtension { return subscriptionsOnly{} }

// subscriptionsOnly is the extension of NewSubscriptionsOnly.
type subscriptionsOnly struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = subscriptionsOnly{}

// ExtensionName implements graphql.HandlerExtension.
func (subscriptionsOnly) ExtensionName() string { return "VidraSubscriptionsOnly" }

// Validate implements graphql.HandlerExtension.
func (subscriptionsOnly) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext implements graphql.OperationContextMutator.
func (subscriptionsOnly) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if ctx.Value(websocketConnectionKey{}) == nil || oc.Operation == nil || oc.Operation.Operation == ast.Subscription {
		return nil
	}
	err := gqlerror.Errorf("a %s cannot run over the subscription websocket, which carries subscriptions only: send queries and mutations to POST /graphql",
		oc.Operation.Operation)
	errcode.Set(err, codeSubscriptionsOnly)
	return err
}
