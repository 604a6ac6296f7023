package rest

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// sortKey is the query parameter that orders a list row.
const sortKey = "sort"

// sortParam is the ?sort= of a list row whose operation declares an order
// variable of an entgql order type, e.g.
// $orderBy: VideoOrder = {field: CREATED_AT, direction: DESC}. It takes one field
// in its REST spelling (created_at), with a "-" prefix for descending, and fills
// the variable with {field, direction}; without ?sort= the variable's default
// applies.
type sortParam struct {
	// variable is the order variable's name.
	variable string
	// fields maps each REST sort field (created_at) to its GraphQL enum value (CREATED_AT).
	fields map[string]string
	// names are the REST fields in the enum's order, for messages and OpenAPI.
	names []string
	// def is the default in REST form ("-created_at"), from the variable's default
	// value; "" when the operation declares none (the field's own order applies).
	def string
}

// isOrderType tells the entgql order inputs: exactly a non-null enum "field" and
// a "direction" of type OrderDirection.
func isOrderType(def *ast.Definition) bool {
	if def == nil || def.Kind != ast.InputObject || len(def.Fields) != 2 {
		return false
	}
	field, dir := def.Fields.ForName("field"), def.Fields.ForName("direction")
	return field != nil && dir != nil && field.Type.NonNull && field.Type.Elem == nil &&
		dir.Type.Elem == nil && dir.Type.NamedType == "OrderDirection"
}

// newSortParam makes the ?sort= of an order variable; nil when the variable's
// type is not an order. A list of orders is refused: no connection of the schema
// takes one, and one sort field is what ?sort= offers.
func newSortParam(schema *ast.Schema, v *ast.VariableDefinition) (*sortParam, error) {
	if v.Type.Elem != nil {
		if isOrderType(schema.Types[v.Type.Elem.Name()]) {
			return nil, fmt.Errorf("$%s: ?sort= fills one order, not a list", v.Variable)
		}
		return nil, nil
	}
	def := schema.Types[v.Type.NamedType]
	if !isOrderType(def) {
		return nil, nil
	}
	enum := schema.Types[def.Fields.ForName("field").Type.NamedType]
	if enum == nil || enum.Kind != ast.Enum {
		return nil, fmt.Errorf("$%s: the order's field is not an enum", v.Variable)
	}
	s := &sortParam{variable: v.Variable, fields: map[string]string{}}
	for _, ev := range enum.EnumValues {
		name := strings.ToLower(ev.Name)
		s.fields[name] = ev.Name
		s.names = append(s.names, name)
	}
	if d := v.DefaultValue; d != nil {
		if d.Kind != ast.ObjectValue {
			return nil, fmt.Errorf("$%s: the default order must be an object", v.Variable)
		}
		field, desc := "", false
		for _, ch := range d.Children {
			switch ch.Name {
			case "field":
				field = strings.ToLower(ch.Value.Raw)
			case "direction":
				desc = ch.Value.Raw == "DESC"
			}
		}
		if s.fields[field] == "" {
			return nil, fmt.Errorf("$%s: the default order names no field", v.Variable)
		}
		s.def = field
		if desc {
			s.def = "-" + field
		}
	}
	return s, nil
}

// allowed lists every accepted ?sort= value: each field ascending, then descending.
func (s *sortParam) allowed() []string {
	out := make([]string, 0, 2*len(s.names))
	for _, n := range s.names {
		out = append(out, n, "-"+n)
	}
	return out
}

// parse reads a ?sort= value into the order variable's value.
func (s *sortParam) parse(raw string) (map[string]any, error) {
	name, desc := strings.CutPrefix(strings.TrimSpace(raw), "-")
	enum, ok := s.fields[name]
	if !ok {
		return nil, badRequest(sortKey, "sort must be one of %s (a - prefix sorts descending), got %q",
			strings.Join(s.allowed(), ", "), raw)
	}
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	return map[string]any{"field": enum, "direction": dir}, nil
}

// current is the order a request's variables ask for, in REST form: the ?sort=
// given, or the default.
func (s *sortParam) current(vars map[string]any) string {
	v, ok := vars[s.variable].(map[string]any)
	if !ok {
		return s.def
	}
	name := strings.ToLower(fmt.Sprint(v["field"]))
	if v["direction"] == "DESC" {
		return "-" + name
	}
	return name
}

// fill sets the order variable from ?sort= and turns ?cursor= back into the
// GraphQL cursor, refusing one made under another order: a cursor holds the sort
// value of its row, meaningless (or an SQL error) under another field.
func (s *sortParam) fill(values []string, vars map[string]any) error {
	if len(values) > 0 {
		v, err := s.parse(values[len(values)-1])
		if err != nil {
			return err
		}
		vars[s.variable] = v
	}
	raw, ok := vars["after"].(string)
	if !ok {
		return nil
	}
	if raw == "" { // ?cursor= left empty: the first page
		delete(vars, "after")
		return nil
	}
	cursor, err := unwrapCursor(raw, s.current(vars))
	if err != nil {
		return err
	}
	vars["after"] = cursor
	return nil
}

// wrapCursor is the REST cursor of a sorted list: the GraphQL end cursor with the
// sort it was made under, URL-safe.
func wrapCursor(sort, cursor string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(sort + " " + cursor))
}

// unwrapCursor reads a REST cursor made by wrapCursor for the given sort.
func unwrapCursor(raw, sort string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(raw)
	made, cursor, ok := strings.Cut(string(b), " ")
	if err != nil || !ok || cursor == "" {
		return "", badRequest("cursor", "cursor is not a next_cursor of this list")
	}
	if made != sort {
		return "", badRequest("cursor", "cursor continues the list sorted by %s, not by %s: repeat sort=%s or start again without a cursor",
			orDefault(made), orDefault(sort), made)
	}
	return cursor, nil
}

// orDefault names an empty sort in messages.
func orDefault(sort string) string {
	if sort == "" {
		return "the default order"
	}
	return sort
}
