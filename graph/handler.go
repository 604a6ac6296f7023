package graph

import (
	"context"
	"github.com/vidra-dev/vidra/ent/edgepage"
	"net/http"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vidra-dev/vidra/graph/generated"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/embedlink"
)

// executionPipeline is what the HTTP handler and the in-process executor (used by
// the REST layer) have in common, so both are configured by one function and a REST
// call passes exactly the rules a GraphQL call does.
type executionPipeline interface {
	Use(graphql.HandlerExtension)
	AroundFields(graphql.FieldMiddleware)
	SetErrorPresenter(graphql.ErrorPresenterFunc)
	SetRecoverFunc(graphql.RecoverFunc)
	SetQueryCache(graphql.Cache[*ast.QueryDocument])
}

// Schema returns the executable schema.
func (r *Resolver) Schema() graphql.ExecutableSchema {
	return generated.NewExecutableSchema(generated.Config{Resolvers: r})
}

// configure installs the extensions, middleware and error handling of every
// GraphQL execution path.
func (r *Resolver) configure(p executionPipeline, limits gqlserver.Limits) {
	limits = limits.WithDefaults()
	p.SetQueryCache(lru.New[*ast.QueryDocument](1000))
	p.Use(gqlserver.NewSubscriptionsOnly())
	p.Use(subscriptionCursors{}) // subscription_cursor.go
	p.Use(gqlserver.NewIntrospectionPolicy(r.introspection))
	// Before anything parses the query, and before the persisted-query
	// extension keeps it: what that cache gives back later has passed.
	p.Use(gqlserver.NewDocumentBounds(limits))
	p.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](1000)})
	// Query limits also do the work of gqlgen's ComplexityLimit
	// (gqlserver/complexity.go).
	p.Use(gqlserver.NewQueryLimits(limits))
	p.Use(&inputStrings{}) // input_strings.go
	p.Use(operationContext{publicURL: r.media.PublicURL, pageStats: r.pageStats})
	// Outside the transaction: a stored response is one that committed.
	p.Use(idempotentMutations{r: r})
	// Around the execution alone, shared by every pipeline (gqlserver/admission.go).
	p.Use(r.admission)
	p.Use(entgql.Transactioner{TxOpener: r.client, SkipTxFunc: skipsSharedTx})
	p.AroundFields(r.fieldRules)
	p.SetErrorPresenter(r.presentError)
	p.SetRecoverFunc(r.recoverPanic)
}

// NewHandler returns the GraphQL HTTP handler: POST (gqlgen's, writing its
// responses faster), GET, multipart uploads and the websocket transport of
// subscriptions, each refusing a request larger than limits allow (package
// gqlserver).
func (r *Resolver) NewHandler(limits gqlserver.Limits) http.Handler {
	limits = limits.WithDefaults()
	srv := handler.New(r.Schema())
	srv.AddTransport(r.websocket.Transport())
	srv.AddTransport(transport.Options{})
	srv.AddTransport(gqlserver.NewGET(limits.MaxURLBytes))
	srv.AddTransport(gqlserver.NewPOST(limits.MaxBodyBytes))
	srv.AddTransport(gqlserver.NewMultipart(limits.MaxUploadSize))
	r.configure(srv, limits)
	return r.websocket.WithOrigin(srv)
}

// NewExecutor returns an in-process executor over the same schema and rules as the
// HTTP handler, for callers (the REST layer) that build operations themselves.
func (r *Resolver) NewExecutor(limits gqlserver.Limits) *executor.Executor {
	exec := executor.New(r.Schema())
	r.configure(exec, limits)
	return exec
}

// operationContext puts what every operation reads from its context there:
// the server's public address, for the embed links the video entity writes
// (internal/embedlink), and the database's column statistics, for the form of
// its per-parent page statements (ent/edgepage; nil on SQLite, which has one
// form).
type operationContext struct {
	publicURL string
	pageStats *edgepage.Stats
}

// ExtensionName names the extension.
func (operationContext) ExtensionName() string { return "OperationContext" }

// Validate accepts every schema.
func (operationContext) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptOperation runs the operation with the public address and the
// statistics in its context.
func (o operationContext) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	ctx = embedlink.WithBase(ctx, o.publicURL)
	if o.pageStats != nil {
		ctx = edgepage.WithStats(ctx, o.pageStats)
	}
	return next(ctx)
}
