package graph

import (
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewHandlerWithGqlgenPOST is NewHandler with gqlgen's own POST transport in
// place of postTransport, for tests comparing the two.
func (r *Resolver) NewHandlerWithGqlgenPOST(limits Limits) *handler.Server {
	srv := handler.New(r.Schema())
	srv.AddTransport(transport.POST{})
	r.configure(srv, limits)
	return srv
}

// WriteResponse exposes postTransport's response writer.
var WriteResponse = writeResponse
