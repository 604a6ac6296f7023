package rest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// shape is how the selected fields of an object turn into REST keys: in selection
// order, each response key (alias or name) renamed to snake_case. A field without
// a shape (a scalar, including the JSON-typed Map) is copied byte for byte, so the
// keys inside metadata and other JSON values pass through untouched.
type shape struct {
	fields []shapeField
	byKey  map[string]*shapeField
	// identity is true when every field's REST key is its response key and
	// every object under it is an identity too: the value is copied as it is.
	identity bool
}

type shapeField struct {
	key   string // GraphQL response key
	out   string // REST key, with its quotes and colon: "created_at":
	shape *shape // nil for scalars
	field *ast.Field
}

// newShape builds the shape of a selection set; nil when it has none (a scalar).
func newShape(set ast.SelectionSet) *shape {
	fields := collectFields(set)
	if len(fields) == 0 {
		return nil
	}
	s := &shape{identity: true}
	for _, f := range fields {
		rest := snake(f.Alias)
		out, _ := json.Marshal(rest)
		sf := shapeField{key: f.Alias, out: string(out) + ":", shape: newShape(f.SelectionSet), field: f}
		s.identity = s.identity && rest == f.Alias && (sf.shape == nil || sf.shape.identity)
		s.fields = append(s.fields, sf)
	}
	s.byKey = make(map[string]*shapeField, len(s.fields))
	for i := range s.fields {
		s.byKey[s.fields[i].key] = &s.fields[i]
	}
	return s
}

// connectionShape reads a connection: the shape of its nodes and where its page info is.
type connectionShape struct {
	node *shape
	// field is the connection's field and nodeField its edges' node.
	field, nodeField *ast.Field
}

// isConnection tells a Relay connection by its selected edges and pageInfo.
func isConnection(f *ast.Field) bool {
	if f.Definition == nil || !strings.HasSuffix(f.Definition.Type.Name(), "Connection") {
		return false
	}
	var edges, pageInfo bool
	for _, c := range collectFields(f.SelectionSet) {
		edges = edges || c.Name == "edges"
		pageInfo = pageInfo || c.Name == "pageInfo"
	}
	return edges || pageInfo
}

// newConnectionShape checks that a connection selects what the envelope needs
// (edges { node { ... } } and pageInfo { hasNextPage endCursor }, unaliased).
func newConnectionShape(f *ast.Field) (*connectionShape, error) {
	var node *ast.Field
	var hasNext, endCursor bool
	for _, c := range collectFields(f.SelectionSet) {
		switch c.Alias {
		case "edges":
			for _, e := range collectFields(c.SelectionSet) {
				if e.Alias == "node" {
					node = e
				}
			}
		case "pageInfo":
			for _, p := range collectFields(c.SelectionSet) {
				hasNext = hasNext || p.Alias == "hasNextPage"
				endCursor = endCursor || p.Alias == "endCursor"
			}
		}
	}
	if node == nil || !hasNext || !endCursor {
		return nil, fmt.Errorf("connection %s must select edges { node { ... } } and pageInfo { hasNextPage endCursor }", f.Alias)
	}
	return &connectionShape{node: newShape(node.SelectionSet), field: f, nodeField: node}, nil
}

// pagination is the envelope's paging of a list.
type pagination struct {
	NextCursor *string `json:"next_cursor"`
	HasMore    bool    `json:"has_more"`
}

// convert writes the GraphQL JSON value at the start of raw in its REST form.
func convert(buf *bytes.Buffer, raw []byte, s *shape) error {
	_, err := convertAt(buf, raw, skipWS(raw, 0), s)
	return err
}

// convertAt writes the value starting at d[i] in its REST form and returns the
// index just after it. It visits each byte once: containers are converted as
// they are walked, never first measured (d may run on past the value, as when
// the value is a member of the operation's data).
func convertAt(buf *bytes.Buffer, d []byte, i int, s *shape) (int, error) {
	if i >= len(d) {
		return 0, errMalformed
	}
	if s == nil || s.identity || (d[i] != '{' && d[i] != '[') {
		end, err := valueEnd(d, i)
		if err != nil {
			return 0, err
		}
		buf.Write(d[i:end])
		return end, nil
	}
	if d[i] == '[' {
		buf.WriteByte('[')
		end, err := walkElements(d, i, func(j, n int) (int, error) {
			if n > 0 {
				buf.WriteByte(',')
			}
			return convertAt(buf, d, j, s)
		})
		buf.WriteByte(']')
		return end, err
	}
	buf.WriteByte('{')
	first := true
	end, err := walkMembers(d, i, func(key []byte, j int) (int, error) {
		f := s.byKey[string(key)]
		if f == nil {
			return -1, nil // not selected by the row (cannot happen with gqlgen's output)
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(f.out)
		return convertAt(buf, d, j, f.shape)
	})
	buf.WriteByte('}')
	return end, err
}

// convertConnection writes the nodes of the connection at the start of raw as an
// array and returns its paging, in one pass over the connection's bytes.
func convertConnection(buf *bytes.Buffer, raw []byte, c *connectionShape) (*pagination, error) {
	p := &pagination{}
	buf.WriteByte('[')
	n := 0
	i := skipWS(raw, 0)
	var err error
	if !isNullAt(raw, i) {
		_, err = walkMembers(raw, i, func(key []byte, j int) (int, error) {
			switch string(key) {
			case "edges":
				if isNullAt(raw, j) {
					return -1, nil
				}
				return walkElements(raw, j, func(e, _ int) (int, error) {
					return walkMembers(raw, e, func(key []byte, k int) (int, error) {
						if string(key) != "node" {
							return -1, nil
						}
						if n > 0 {
							buf.WriteByte(',')
						}
						n++
						return convertAt(buf, raw, k, c.node)
					})
				})
			case "pageInfo":
				end, err := valueEnd(raw, j)
				if err != nil {
					return 0, err
				}
				return end, json.Unmarshal(raw[j:end], &struct {
					HasNextPage *bool    `json:"hasNextPage"`
					EndCursor   **string `json:"endCursor"`
				}{&p.HasMore, &p.NextCursor})
			}
			return -1, nil
		})
	}
	buf.WriteByte(']')
	if !p.HasMore {
		p.NextCursor = nil
	}
	return p, err
}
