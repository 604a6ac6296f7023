package rest

import (
	"strings"
)

// listParameters describes a list row's ?sort= and filter parameters.
func (b *openAPIBuilder) listParameters(c *compiled) []obj {
	var out []obj
	if s := c.sort; s != nil {
		allowed := s.allowed()
		values := make([]any, len(allowed))
		for i, v := range allowed {
			values[i] = v
		}
		schema := obj{"type": "string", "enum": values}
		desc := "The order of the list: one field, with a - prefix for descending."
		if s.def != "" {
			schema["default"] = s.def
			desc += " Default " + s.def + "."
		}
		desc += " A cursor continues only the sort it was made under (400 otherwise)."
		out = append(out, obj{"name": sortKey, "in": "query", "required": false, "schema": schema, "description": desc})
	}
	for _, f := range c.filters {
		// A query parameter is present or absent, never null.
		leaf := *f.leaf
		leaf.NonNull = true
		s := b.typeSchema(&leaf, true)
		if leaf.Elem == nil && leaf.NamedType == "ID" {
			s = obj{"type": "string", "format": "uuid", "minLength": 36, "maxLength": 36}
		}
		names := make([]string, len(f.path))
		for i, step := range f.path {
			names[i] = step.name
		}
		desc := "Filter: where." + strings.Join(names, ".") + " of the GraphQL field."
		if f.leaf.Elem != nil {
			desc += " Repeat the parameter for several values (any of them matches)."
		}
		if f.description != "" {
			desc += " " + f.description
		}
		out = append(out, obj{"name": f.param, "in": "query", "required": false, "schema": s, "description": desc})
	}
	return out
}
