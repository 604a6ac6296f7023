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

// convert writes a GraphQL JSON value in its REST form.
func convert(buf *bytes.Buffer, raw json.RawMessage, s *shape) error {
	raw = bytes.TrimSpace(raw)
	if s == nil || len(raw) == 0 || raw[0] == 'n' {
		buf.Write(raw)
		return nil
	}
	if raw[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return err
		}
		buf.WriteByte('[')
		for i, it := range items {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := convert(buf, it, s); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
		return nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return err
	}
	buf.WriteByte('{')
	first := true
	for _, f := range s.fields {
		v, ok := obj[f.key]
		if !ok {
			continue // a field of a fragment on another type
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(f.out)
		if err := convert(buf, v, f.shape); err != nil {
			return err
		}
	}
	buf.WriteByte('}')
	return nil
}

// convertConnection writes a connection's nodes as an array and returns its paging.
func convertConnection(buf *bytes.Buffer, raw json.RawMessage, c *connectionShape) (*pagination, error) {
	var conn struct {
		Edges []struct {
			Node json.RawMessage `json:"node"`
		} `json:"edges"`
		PageInfo struct {
			HasNextPage bool    `json:"hasNextPage"`
			EndCursor   *string `json:"endCursor"`
		} `json:"pageInfo"`
	}
	if err := json.Unmarshal(raw, &conn); err != nil {
		return nil, err
	}
	buf.WriteByte('[')
	for i, e := range conn.Edges {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := convert(buf, e.Node, c.node); err != nil {
			return nil, err
		}
	}
	buf.WriteByte(']')
	p := &pagination{HasMore: conn.PageInfo.HasNextPage}
	if p.HasMore {
		p.NextCursor = conn.PageInfo.EndCursor
	}
	return p, nil
}
