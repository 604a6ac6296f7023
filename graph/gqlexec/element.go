package gqlexec

import (
	"context"
	"fmt"
	"sync/atomic"

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

// elementContext is the context of one list element: its parent, and the
// element's field context (whose index it holds), made when something first
// asks for it (an error, a resolver inside the element). gqlgen makes three
// allocations per element (the index, the field context and the context
// carrying it); the elements of a list are made in one, and an element whose
// fields never ask for its field context (a page's video edges, whose fields
// are plain) costs 48 bytes rather than a field context's 136 more.
type elementContext struct {
	context.Context
	index  int
	result any
	fc     fieldContextOnce
}

// Value gives the element's field context for gqlgen's key and asks the
// parent for any other key, as context.WithValue does.
func (c *elementContext) Value(key any) any {
	if key == fieldContextKey {
		return c.fieldContext()
	}
	return c.Context.Value(key)
}

// fieldContext returns the element's field context, as gqlgen's list
// marshallers make it: its index and result, under the list field's context.
func (c *elementContext) fieldContext() *graphql.FieldContext {
	return c.fc.get(func() *graphql.FieldContext {
		return &graphql.FieldContext{Index: &c.index, Result: c.result, Parent: graphql.GetFieldContext(c.Context)}
	})
}

// fieldContextOnce holds a field context made on the first request for it,
// the same one however many goroutines ask at once.
type fieldContextOnce struct {
	made atomic.Pointer[graphql.FieldContext]
}

// get returns the field context, made by newFieldContext on the first call;
// nil when that gives none (it is asked again next time).
func (o *fieldContextOnce) get(newFieldContext func() *graphql.FieldContext) *graphql.FieldContext {
	if fc := o.made.Load(); fc != nil {
		return fc
	}
	fc := newFieldContext()
	if fc == nil || o.made.CompareAndSwap(nil, fc) {
		return fc
	}
	return o.made.Load()
}

// elementContexts returns the contexts of n list elements under ctx, each
// with a field context holding the element's index, as gqlgen's list
// marshallers give them.
func elementContexts(ctx context.Context, n int) []elementContext {
	elems := make([]elementContext, n)
	for i := range elems {
		elems[i].Context, elems[i].index = ctx, i
	}
	return elems
}

// SetElementResult records the element a list element's field context holds
// as its Result (gqlgen's list marshallers set it on every element's field
// context), without making the field context: it gets it when made.
func SetElementResult(ctx context.Context, result any) {
	if c, ok := ctx.(*elementContext); ok {
		c.result = result
		if fc := c.fc.made.Load(); fc != nil {
			fc.Result = result
		}
		return
	}
	graphql.GetFieldContext(ctx).Result = result
}
