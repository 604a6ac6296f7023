package gqlexec

import (
	"context"
	"math"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// ResolveLeafField marshals a scalar or enum field read from a Go struct field,
// as ResolvePlainField does, but without making the field's context when
// contextFree says its marshaller writes the value without consulting the
// context. A field context and the context carrying it are two allocations per
// field, about a fifth of the bytes of a page of videos, and the marshallers
// of strings, ids, numbers, booleans, times and enums only ever read the
// context to report a value they cannot write (a nil id, a zero time, a NaN).
//
// A value contextFree refuses (a nil id or a zero time, which marshal as null;
// a NaN, which cannot be written) goes through ResolvePlainField, so its error carries
// the field's path. A panic while marshalling is reported at the field's path
// too: its context is made then.
func ResolveLeafField[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	newFieldContext FieldContextFunc,
	value T,
	marshal MarshalFunc[T],
	nonNull bool,
	contextFree func(T) bool,
) (ret graphql.Marshaler) {
	if !contextFree(value) {
		return ResolvePlainField(ctx, oc, field, newFieldContext, value, marshal, nonNull)
	}
	defer func() {
		if r := recover(); r != nil {
			ret = graphql.Null
			fc, err := newFieldContext(ctx, field)
			if err != nil {
				return
			}
			ctx := graphql.WithFieldContext(ctx, fc)
			oc.Error(ctx, oc.Recover(ctx, r))
		}
	}()
	return marshal(ctx, field.Selections, value)
}

// AnyValue is the contextFree of marshallers that write every value of their
// type without the context: gqlgen's strings, integers and booleans, and
// enums, which marshal themselves.
func AnyValue[T any](T) bool { return true }

// NonZeroTime is the contextFree of gqlgen's time marshaller, which reports
// the zero time as a null in the field's context.
func NonZeroTime(t time.Time) bool { return !t.IsZero() }

// FiniteFloat is the contextFree of gqlgen's float marshaller, which keeps the
// context to report, when the response is written, a NaN or an infinity.
func FiniteFloat(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
