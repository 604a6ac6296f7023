package gqlexec

import (
	"context"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/jsonappend"
)

// ResolveLeafRef marshals a scalar or enum field read from a Go struct field,
// as ResolvePlainField does, without the field's context and from a pointer
// to the struct field: direct returns a Marshaler holding the pointer, which
// an interface keeps without an allocation (a struct of one pointer, or the
// pointer itself for types that marshal themselves). gqlgen's marshallers keep
// the value in a new closure and the field gets a field context and a context
// carrying it: three to five allocations per field of every object of a page.
// The marshallers of strings, ids, numbers, booleans, times and enums read the
// context only to report a value they cannot write.
//
// The value is read when the response is written, after every resolver of the
// operation has run; resolvers return entities they do not change afterwards.
//
// A value direct refuses (a nil id, a zero time, a NaN) goes through
// ResolvePlainField, so its null or error is gqlgen's, at the field's path.
func ResolveLeafRef[E, T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	ec E,
	newFieldContext FieldContextMaker[E],
	ref *T,
	marshal MarshalFunc[T],
	nonNull bool,
	direct func(*T) (graphql.Marshaler, bool),
) graphql.Marshaler {
	if m, ok := direct(ref); ok {
		return m
	}
	return ResolvePlainField(ctx, oc, field, ec, newFieldContext, *ref, marshal, nonNull)
}

// StringRef writes a string as graphql.MarshalString does.
func StringRef(p *string) (graphql.Marshaler, bool) { return stringRef{p}, true }

// IntRef writes an int as graphql.MarshalInt does.
func IntRef(p *int) (graphql.Marshaler, bool) { return intRef{p}, true }

// Int64Ref writes an int64 as graphql.MarshalInt64 does.
func Int64Ref(p *int64) (graphql.Marshaler, bool) { return int64Ref{p}, true }

// BoolRef writes a boolean as graphql.MarshalBoolean does.
func BoolRef(p *bool) (graphql.Marshaler, bool) { return boolRef{p}, true }

// UUIDRef writes an id as MarshalUUID does, the nil UUID refused.
func UUIDRef(p *uuid.UUID) (graphql.Marshaler, bool) { return uuidRef{p}, *p != uuid.Nil }

// TimeRef writes a time as MarshalTime does, the zero time refused.
func TimeRef(p *time.Time) (graphql.Marshaler, bool) { return timeRef{p}, !p.IsZero() }

// FloatRef writes a float as graphql.MarshalFloatContext does (%g), NaN and
// the infinities refused.
func FloatRef(p *float64) (graphql.Marshaler, bool) {
	return floatRef{p}, !math.IsNaN(*p) && !math.IsInf(*p, 0)
}

// SelfRef is the direct of a type that marshals itself with a value receiver
// (enums, entgql's cursor): the pointer is the Marshaler.
func SelfRef[T any, PT interface {
	*T
	graphql.Marshaler
}](p *T) (graphql.Marshaler, bool) {
	return PT(p), true
}

// EnumRef writes an enum's value as the generated enums' MarshalGQL does
// (ent's and gqlgen's models' alike: strconv.Quote of the value), without
// the quoted copy they allocate: an enum value is a GraphQL name, which needs
// no escaping. A value that is not a name is written by its own MarshalGQL.
func EnumRef[T interface {
	~string
	graphql.Marshaler
}](p *T) (graphql.Marshaler, bool) {
	return enumRef[T]{p}, true
}

// enumRef is what EnumRef returns.
type enumRef[T interface {
	~string
	graphql.Marshaler
}] struct{ p *T }

// MarshalGQL writes the value quoted.
func (r enumRef[T]) MarshalGQL(w io.Writer) {
	v := string(*r.p)
	if !isName(v) {
		(*r.p).MarshalGQL(w)
		return
	}
	_, _ = io.WriteString(w, `"`)
	_, _ = io.WriteString(w, v)
	_, _ = io.WriteString(w, `"`)
}

// isName reports whether s is a GraphQL name: a letter or underscore, then
// letters, digits and underscores.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9' {
			continue
		}
		return false
	}
	return s != ""
}

type (
	stringRef struct{ p *string }
	intRef    struct{ p *int }
	int64Ref  struct{ p *int64 }
	boolRef   struct{ p *bool }
	uuidRef   struct{ p *uuid.UUID }
	timeRef   struct{ p *time.Time }
	floatRef  struct{ p *float64 }
)

// MarshalGQL writes the string quoted, escaping what gqlgen escapes.
func (r stringRef) MarshalGQL(w io.Writer) {
	jsonappend.WriteAppended(w, func(b []byte) []byte { return appendQuotedString(b, *r.p) })
}

// MarshalGQL writes the int in decimal.
func (r intRef) MarshalGQL(w io.Writer) {
	jsonappend.WriteAppended(w, func(b []byte) []byte { return strconv.AppendInt(b, int64(*r.p), 10) })
}

// MarshalGQL writes the int64 in decimal.
func (r int64Ref) MarshalGQL(w io.Writer) {
	jsonappend.WriteAppended(w, func(b []byte) []byte { return strconv.AppendInt(b, *r.p, 10) })
}

// MarshalGQL writes true or false.
func (r boolRef) MarshalGQL(w io.Writer) {
	jsonappend.WriteAppended(w, func(b []byte) []byte { return strconv.AppendBool(b, *r.p) })
}

// MarshalGQL writes the id as MarshalUUID does.
func (r uuidRef) MarshalGQL(w io.Writer) { uuidValue(*r.p).MarshalGQL(w) }

// MarshalGQL writes the time as MarshalTime does.
func (r timeRef) MarshalGQL(w io.Writer) { timeValue(*r.p).MarshalGQL(w) }

// MarshalGQL writes the float as fmt's %g does: the shortest representation.
func (r floatRef) MarshalGQL(w io.Writer) {
	jsonappend.WriteAppended(w, func(b []byte) []byte { return strconv.AppendFloat(b, *r.p, 'g', -1, 64) })
}

// appendQuotedString appends s between double quotes with the escapes gqlgen's
// string marshaller writes (jsonappend.AppendEscaped).
func appendQuotedString(b []byte, s string) []byte {
	b = append(b, '"')
	b = jsonappend.AppendEscaped(b, s)
	return append(b, '"')
}
