package gqlexec

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// Object marshals an object's fields, the values of its field set in the
// order of fields, as gqlgen's FieldSet does: an alias selected twice is
// written once. gqlgen's FieldSet copies every field to the heap and makes a
// map of written aliases for each object it writes; this writes from the
// slices it is given. Aliases are GraphQL names, which need no escaping.
//
// The generated marshallers get theirs from NewFieldSet or NewPlainFieldSet,
// made together with the values.
func Object(fields []graphql.CollectedField, values []graphql.Marshaler) graphql.Marshaler {
	return &object{fields: fields, values: values}
}

// object is what Object returns.
type object struct {
	fields []graphql.CollectedField
	values []graphql.Marshaler
}

// MarshalGQL writes the object as JSON.
func (o *object) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, "{")
	first := true
	for i := range o.fields {
		alias := o.fields[i].Alias
		if writtenBefore(o.fields[:i], alias) {
			continue
		}
		if !first {
			_, _ = io.WriteString(w, ",")
		}
		first = false
		_, _ = io.WriteString(w, `"`)
		_, _ = io.WriteString(w, alias)
		_, _ = io.WriteString(w, `":`)
		o.values[i].MarshalGQL(w)
	}
	_, _ = io.WriteString(w, "}")
}

// writtenBefore reports whether one of fields has the alias.
func writtenBefore(fields []graphql.CollectedField, alias string) bool {
	for i := range fields {
		if fields[i].Alias == alias {
			return true
		}
	}
	return false
}
