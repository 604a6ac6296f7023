package gqlexec

import (
	"io"
	"sync"

	"github.com/99designs/gqlgen/graphql"
)

// ObjectKeys are what an object writes before each of its fields' values:
// the field's alias as a JSON key, after a comma for all but the first field
// written, or nothing for a field whose alias an earlier field has. Aliases
// are GraphQL names, which need no escaping.
type ObjectKeys []string

// KeysOf returns the keys of an object of these fields. Objects hold them by
// pointer (see object).
func KeysOf(fields []graphql.CollectedField) *ObjectKeys {
	keys := keysOf(fields)
	return &keys
}

// keysOf returns the keys of an object of these fields.
func keysOf(fields []graphql.CollectedField) ObjectKeys {
	keys := make(ObjectKeys, len(fields))
	written := 0
	for i := range fields {
		alias := fields[i].Alias
		if writtenBefore(fields[:i], alias) {
			continue
		}
		keys[i] = keyOf(alias, fields[i].Name, written > 0)
		written++
	}
	return keys
}

// keyOf returns a field's key: its alias as a JSON key, after a comma when
// afterComma is set. The keys of fields not aliased (alias and name the
// same, the schema's names, a bounded set) are made once per process.
func keyOf(alias, name string, afterComma bool) string {
	if alias != name {
		return newKey(alias, afterComma)
	}
	cached, ok := fieldKeys.Load(name)
	if !ok {
		cached, _ = fieldKeys.LoadOrStore(name, &[2]string{newKey(name, false), newKey(name, true)})
	}
	pair := cached.(*[2]string)
	if afterComma {
		return pair[1]
	}
	return pair[0]
}

// fieldKeys holds the keys of the schema's field names (see keyOf).
var fieldKeys sync.Map

// newKey makes a field's key (see keyOf).
func newKey(alias string, afterComma bool) string {
	if afterComma {
		return `,"` + alias + `":`
	}
	return `"` + alias + `":`
}

// object writes an object's fields, its values in the order of its keys, as
// gqlgen's FieldSet does: an alias selected twice is written once. gqlgen's
// FieldSet copies every field to the heap and makes a map of written aliases
// for each object it writes; this writes the keys the operation's
// FieldsMemo worked out once for the object's type, shared by pointer: a
// page's 100 objects each hold a word rather than a slice's three.
type object struct {
	keys   *ObjectKeys
	values []graphql.Marshaler
}

// MarshalGQL writes the object as JSON.
func (o *object) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, "{")
	for i, key := range *o.keys {
		if key == "" {
			continue
		}
		_, _ = io.WriteString(w, key)
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
