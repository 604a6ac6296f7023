package gqlserver

import (
	"context"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// operationOf returns ctx carrying an operation of kind op.
func operationOf(ctx context.Context, op ast.Operation) context.Context {
	return graphql.WithOperationContext(ctx, &graphql.OperationContext{Operation: &ast.OperationDefinition{Operation: op}})
}

// TestAdmissionGateLetsSubscriptionsByAndDropsLeftCallers: with the only slot
// held, a subscription's response (which waits for its events, not the CPU)
// runs at once, and a query whose caller goes away while it waits gets an
// error without running.
func TestAdmissionGateLetsSubscriptionsByAndDropsLeftCallers(t *testing.T) {
	g := NewAdmissionGate(Admission{Slots: 1, MaxWait: time.Minute})
	g.slots <- struct{}{}
	ran := false
	next := func(context.Context) *graphql.Response { ran = true; return &graphql.Response{} }

	if g.InterceptResponse(operationOf(context.Background(), ast.Subscription), next); !ran {
		t.Fatal("a subscription waited for a slot")
	}

	ran = false
	ctx, cancel := context.WithCancel(operationOf(context.Background(), ast.Query))
	time.AfterFunc(50*time.Millisecond, cancel)
	resp := g.InterceptResponse(ctx, next)
	if ran || resp == nil || len(resp.Errors) == 0 {
		t.Fatalf("a query whose caller left: ran %v, response %+v", ran, resp)
	}
	if len(g.slots) != 1 {
		t.Fatalf("%d slots taken after the caller left, want the held one", len(g.slots))
	}
}
