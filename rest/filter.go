package rest

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

// whereVariable is the variable that a row's Filters fill.
const whereVariable = "where"

// filter is one query parameter of Route.Filters: it fills one field of the row's
// $where input, below edges when its path has several steps.
type filter struct {
	// param is the query parameter (snake_case).
	param string
	// path is the input fields from $where down to the value's field, e.g.
	// hasTagsWith then id; list says the field is a list of input objects (the
	// value goes in its one element).
	path []filterStep
	// leaf is the type of the value's field: a scalar or enum, or a list of one
	// (the parameter repeated).
	leaf *ast.Type
	// enum are the values of an enum leaf.
	enum []string
	// description is the input field's own description, for OpenAPI.
	description string
}

// filterStep is one input field on a filter's path.
type filterStep struct {
	name string
	list bool
}

// newFilters checks a row's Filters against the input type of its $where variable.
func newFilters(schema *ast.Schema, where *ast.VariableDefinition, decl map[string]string) ([]*filter, error) {
	root := schema.Types[where.Type.NamedType]
	if where.Type.Elem != nil || root == nil || root.Kind != ast.InputObject {
		return nil, fmt.Errorf("$%s must be an input object", whereVariable)
	}
	params := make([]string, 0, len(decl))
	for p := range decl {
		params = append(params, p)
	}
	sort.Strings(params)
	out := make([]*filter, 0, len(params))
	for _, p := range params {
		f := &filter{param: p}
		def := root
		steps := strings.Split(decl[p], ".")
		for i, name := range steps {
			fd := def.Fields.ForName(name)
			if fd == nil {
				return nil, fmt.Errorf("filter %s: %s has no field %q", p, def.Name, name)
			}
			named := schema.Types[fd.Type.Name()]
			if i < len(steps)-1 {
				if named == nil || named.Kind != ast.InputObject || (fd.Type.Elem != nil && fd.Type.Elem.Elem != nil) {
					return nil, fmt.Errorf("filter %s: %s.%s is not an input object or a list of them", p, def.Name, name)
				}
				f.path = append(f.path, filterStep{name: name, list: fd.Type.Elem != nil})
				def = named
				continue
			}
			if named == nil || (named.Kind != ast.Scalar && named.Kind != ast.Enum) || (fd.Type.Elem != nil && fd.Type.Elem.Elem != nil) {
				return nil, fmt.Errorf("filter %s: %s.%s is not a scalar, an enum or a list of one", p, def.Name, name)
			}
			f.path = append(f.path, filterStep{name: name})
			f.leaf, f.description = fd.Type, fd.Description
			if named.Kind == ast.Enum {
				for _, v := range named.EnumValues {
					f.enum = append(f.enum, v.Name)
				}
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// fillWhere builds $where from the filter parameters of the query; a parameter
// that is absent or empty filters nothing, and with none $where stays unset.
func fillWhere(in *inputs, filters []*filter, query url.Values, vars map[string]any) error {
	var where map[string]any
	for _, f := range filters {
		var values []string
		for _, v := range query[f.param] {
			if v != "" {
				values = append(values, v)
			}
		}
		if len(values) == 0 {
			continue
		}
		v, err := f.value(in, values)
		if err != nil {
			return err
		}
		if where == nil {
			where = map[string]any{}
		}
		f.set(where, v)
	}
	if where != nil {
		vars[whereVariable] = where
	}
	return nil
}

// value checks the values of the filter's parameter (an enum value of the
// field, a UUID, an RFC 3339 time) and converts them as any query parameter:
// the last one for a single field, all of them for a list.
func (f *filter) value(in *inputs, values []string) (any, error) {
	leaf := f.leaf
	if leaf.Elem != nil {
		leaf = leaf.Elem
	} else {
		values = values[len(values)-1:]
	}
	for _, v := range values {
		if err := f.check(v, leaf); err != nil {
			return nil, err
		}
	}
	return in.fromStrings(values, f.leaf, f.param)
}

// check refuses a value that is not of the filter's type.
func (f *filter) check(v string, t *ast.Type) error {
	switch {
	case f.enum != nil:
		if !slices.Contains(f.enum, v) {
			return badRequest(f.param, "%s must be one of %s, got %q", f.param, strings.Join(f.enum, ", "), v)
		}
	case t.NamedType == "ID":
		return requireUUID(f.param, v)
	case t.NamedType == "Time":
		if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
			return badRequest(f.param, "%s must be an RFC 3339 time (2006-01-02T15:04:05Z), got %q", f.param, v)
		}
	}
	return nil
}

// set puts a filter's value into $where, creating the objects on its path; the
// filters below one list field share its single element (a tag with this id and
// this name).
func (f *filter) set(where map[string]any, v any) {
	m := where
	for _, step := range f.path[:len(f.path)-1] {
		var child map[string]any
		switch existing := m[step.name].(type) {
		case map[string]any:
			child = existing
		case []any:
			child = existing[0].(map[string]any)
		default:
			child = map[string]any{}
			if step.list {
				m[step.name] = []any{child}
			} else {
				m[step.name] = child
			}
		}
		m = child
	}
	m[f.path[len(f.path)-1].name] = v
}

// filterOf names the filter parameter of an error about $where's value, whose
// path below the variable is the fields (and list indexes) of the filter's path.
func filterOf(filters []*filter, path ast.Path) string {
	var names []string
	for _, el := range path {
		if n, ok := el.(ast.PathName); ok {
			names = append(names, string(n))
		}
	}
	for _, f := range filters {
		if len(names) < len(f.path) {
			continue
		}
		match := true
		for i, step := range f.path {
			match = match && names[i] == step.name
		}
		if match {
			return f.param
		}
	}
	return ""
}
