package gqlexec

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// PlainFieldSet is the field set of an object none of whose fields is resolved
// concurrently (no resolver field, or none of its fields asked for): what the
// generated marshaller uses of gqlgen's graphql.FieldSet, a value rather than a
// pointer, so that it stays on the marshaller's stack. gqlgen allocates a
// FieldSet and its values for every object; for a page of 50 videos that is
// 50 edges' field sets more than needed.
type PlainFieldSet struct {
	// Values are the marshalled fields, in the order of the collected fields.
	Values []graphql.Marshaler
	// Invalids counts the non-null fields that came out null.
	Invalids uint32
}

// NewPlainFieldSet returns the field set of an object with these fields.
func NewPlainFieldSet(fields []graphql.CollectedField) PlainFieldSet {
	return PlainFieldSet{Values: make([]graphql.Marshaler, len(fields))}
}

// Dispatch does nothing. gqlgen's runs the fields the marshaller queued with
// Concurrently, which a plain field set has none of.
func (PlainFieldSet) Dispatch(context.Context) {}
