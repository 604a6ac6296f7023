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
	s := &shape{}
	for _, f := range fields {
		out, _ := json.Marshal(snake(f.Alias))
		s.fields = append(s.fields, shapeField{key: f.Alias, out: string(out) + ":", shape: newShape(f.SelectionSet), field: f})
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
	return &connectionShape{node: newShape(node.SelectionSet)}, nil
}

// pagination is the envelope's paging of a list.
type pagination struct {
	NextCursor *string `json:"next_cursor"`
	HasMore    bool    `json:"has_more"`
}

// convert writes a GraphQL JSON value in its REST form, in one pass over its bytes.
func convert(buf *bytes.Buffer, raw []byte, s *shape) error {
	raw = bytes.TrimSpace(raw)
	if s == nil || isNull(raw) {
		buf.Write(raw)
		return nil
	}
	if raw[0] == '[' {
		buf.WriteByte('[')
		first := true
		err := eachElement(raw, func(v []byte) error {
			if !first {
				buf.WriteByte(',')
			}
			first = false
			return convert(buf, v, s)
		})
		buf.WriteByte(']')
		return err
	}
	buf.WriteByte('{')
	first := true
	err := eachMember(raw, func(key, v []byte) error {
		f := s.byKey[string(key)]
		if f == nil {
			return nil // not selected by the row (cannot happen with gqlgen's output)
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(f.out)
		return convert(buf, v, f.shape)
	})
	buf.WriteByte('}')
	return err
}

// convertConnection writes a connection's nodes as an array and returns its paging.
func convertConnection(buf *bytes.Buffer, raw []byte, c *connectionShape) (*pagination, error) {
	p := &pagination{}
	buf.WriteByte('[')
	first := true
	err := eachMember(raw, func(key, v []byte) error {
		switch string(key) {
		case "edges":
			if isNull(v) {
				return nil
			}
			return eachElement(v, func(edge []byte) error {
				node, err := member(edge, "node")
				if err != nil {
					return err
				}
				if !first {
					buf.WriteByte(',')
				}
				first = false
				return convert(buf, node, c.node)
			})
		case "pageInfo":
			return json.Unmarshal(v, &struct {
				HasNextPage *bool    `json:"hasNextPage"`
				EndCursor   **string `json:"endCursor"`
			}{&p.HasMore, &p.NextCursor})
		}
		return nil
	})
	buf.WriteByte(']')
	if !p.HasMore {
		p.NextCursor = nil
	}
	return p, err
}
