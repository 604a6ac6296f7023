package gqlexec

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// FieldContextFunc makes the context of a field: the generated fieldContext_*
// functions, and the Child function of a field context.
type FieldContextFunc = func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error)

// FieldContextMaker makes the context of a field on the operation's
// execution context ec: the generated fieldContext_* methods, taken as
// method expressions, so that passing one allocates no closure.
type FieldContextMaker[E any] func(ec E, ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error)

// MarshalFunc is a generated marshaller of a value of type T.
type MarshalFunc[T any] = func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler

// NoChildFields returns the Child function of a scalar or enum field's context,
// which fails with message: a scalar has no fields. gqlgen builds that function
// and its error anew on every resolution of every such field; the generated
// executor makes one per type with this instead.
func NoChildFields(message string) FieldContextFunc {
	err := errors.New(message)
	return func(context.Context, graphql.CollectedField) (*graphql.FieldContext, error) {
		return nil, err
	}
}

// NewScalarFieldContext is graphql.NewScalarFieldContext with a Child function
// made once (see NoChildFields).
func NewScalarFieldContext(object string, field graphql.CollectedField, isMethod, isResolver bool, child FieldContextFunc) (*graphql.FieldContext, error) {
	return &graphql.FieldContext{
		Object:     object,
		Field:      field,
		IsMethod:   isMethod,
		IsResolver: isResolver,
		Child:      child,
	}, nil
}

// ResolvePlainField marshals a field whose value is a Go struct field of the
// object, read with no resolver, method or directive: what gqlgen's ResolveField
// does for such a field, without the closures, the boxing of the value and the
// field middleware around a read that cannot fail.
//
// Skipping the field middleware is what makes it cheaper, and it is safe
// because Vidra's only field middleware (graph.fieldRules) passes plain fields
// straight through: a middleware added later that must see every field would
// have to be applied here too. The field still has its own field context, so
// errors from marshalling (a null where the schema says non-null) carry its
// path, and a panic while marshalling is reported as the field's error, as
// gqlgen does.
//
// The field context is made when something first asks for it (an error, a
// resolver below the field), by newFieldContext called on ec: gqlgen makes it,
// a closure for its Child function and the context carrying it on every
// resolution, three allocations per video edge of a page, where the field's
// own leaf fields never ask for it. See lazyFieldContext.
func ResolvePlainField[E, T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	ec E,
	newFieldContext FieldContextMaker[E],
	value T,
	marshal MarshalFunc[T],
	nonNull bool,
) (ret graphql.Marshaler) {
	lazy := &lazyFieldContext[E]{Context: ctx, field: field, ec: ec, newFieldContext: newFieldContext}
	ctx = lazy
	defer func() {
		if r := recover(); r != nil {
			oc.Error(ctx, oc.Recover(ctx, r))
			ret = graphql.Null
		}
	}()
	if any(value) == nil {
		// Only an interface-typed field can be nil here; as gqlgen treats a
		// resolver's nil.
		if fc := lazy.fieldContext(); nonNull && fc != nil && !graphql.HasFieldError(ctx, fc) {
			graphql.AddErrorf(ctx, "must not be null")
		}
		return graphql.Null
	}
	return marshal(ctx, field.Selections, value)
}

// lazyFieldContext is the context of a plain field: its parent, and the
// field's field context, made on the first request for it (from any of the
// goroutines resolving fields below it) as graphql.WithFieldContext would
// have made it: the parent's field context as its Parent.
type lazyFieldContext[E any] struct {
	context.Context
	field           graphql.CollectedField
	ec              E
	newFieldContext FieldContextMaker[E]
	fc              fieldContextOnce
}

// Value gives the field's field context for gqlgen's key and asks the parent
// for any other key, as context.WithValue does. A field context that cannot
// be made (newFieldContext failing, which plain fields' never do) is nil.
func (c *lazyFieldContext[E]) Value(key any) any {
	if key == fieldContextKey {
		if fc := c.fieldContext(); fc != nil {
			return fc
		}
		return nil
	}
	return c.Context.Value(key)
}

// fieldContext returns the field's field context, made on first use.
func (c *lazyFieldContext[E]) fieldContext() *graphql.FieldContext {
	return c.fc.get(func() *graphql.FieldContext {
		fc, err := c.newFieldContext(c.ec, c.Context, c.field)
		if err != nil || fc == nil {
			return nil
		}
		fc.Parent = graphql.GetFieldContext(c.Context)
		return fc
	})
}
