package graph

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	"github.com/vidra-dev/vidra/graph/gqlserver"
)

// NewHandlerWithGqlgenPOST is NewHandler with gqlgen's own POST transport in
// place of gqlserver's POST transport, for tests comparing the two.
func (r *Resolver) NewHandlerWithGqlgenPOST(limits gqlserver.Limits) *handler.Server {
	srv := handler.New(r.Schema())
	srv.AddTransport(gqlgenPOST{})
	r.configure(srv, limits)
	return srv
}

// gqlgenPOST is gqlgen's POST transport given the empty operation context
// gqlserver's POST transport gives it for the errors it reports before executing anything.
type gqlgenPOST struct{ transport.POST }

func (t gqlgenPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	t.POST.Do(w, r.WithContext(graphql.WithOperationContext(r.Context(), &graphql.OperationContext{})), exec)
}

// HoldAdmissionSlot takes one of the admission gate's slots
// (gqlserver/admission.go) until release is called.
func (r *Resolver) HoldAdmissionSlot() (release func()) { return r.admission.Hold() }
