package gqlexec

import (
	"context"
	"fmt"

	"github.com/99designs/gqlgen/graphql"
)

// fieldContextKey is the key under which gqlgen keeps a field context in a
// context. gqlgen does not export it; it is learnt once by watching which key
// graphql.GetFieldContext asks for, and checked against graphql.WithFieldContext.
var fieldContextKey = learnFieldContextKey()

// keyProbe is a context that remembers the key it was last asked for.
type keyProbe struct {
	context.Context
	key any
}

// Value records key and holds no value.
func (p *keyProbe) Value(key any) any {
	p.key = key
	return nil
}

func learnFieldContextKey() any {
	probe := &keyProbe{Context: context.Background()}
	graphql.GetFieldContext(probe)
	fc := &graphql.FieldContext{}
	if probe.key == nil || graphql.WithFieldContext(context.Background(), fc).Value(probe.key) != fc {
		panic(fmt.Sprintf("gqlexec: gqlgen's field context key is no longer what GetFieldContext asks for (%v)", probe.key))
	}
	return probe.key
}

// elementContext is the context of one list element: its parent, with the
// element's field context (whose index it also holds). gqlgen makes three
// allocations per element (the index, the field context and the context
// carrying it); the elements of a list are made in one.
type elementContext struct {
	context.Context
	fc    graphql.FieldContext
	index int
}

// Value gives the element's field context for gqlgen's key and asks the
// parent for any other key, as context.WithValue does.
func (c *elementContext) Value(key any) any {
	if key == fieldContextKey {
		return &c.fc
	}
	return c.Context.Value(key)
}

// elementContexts returns the contexts of n list elements under ctx, each
// carrying a field context with the element's index, as gqlgen's list
// marshallers give them.
func elementContexts(ctx context.Context, n int) []elementContext {
	elems := make([]elementContext, n)
	parent := graphql.GetFieldContext(ctx)
	for i := range elems {
		e := &elems[i]
		e.Context, e.index = ctx, i
		e.fc.Index, e.fc.Parent = &e.index, parent
	}
	return elems
}
