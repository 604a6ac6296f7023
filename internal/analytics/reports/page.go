package reports

import "github.com/vidra-dev/vidra/internal/fault"

// Page is one page of a list: its edges in the list's order and whether more follow.
type Page[T any] struct {
	Edges       []Edge[T]
	HasNextPage bool
}

// Edge is one item of a page and the cursor that continues after it.
type Edge[T any] struct {
	Node   T
	Cursor string
}

// EndCursor is the cursor of the page's last edge, nil when it has none.
func (p *Page[T]) EndCursor() *string {
	if len(p.Edges) == 0 {
		return nil
	}
	return &p.Edges[len(p.Edges)-1].Cursor
}

// add appends an edge.
func (p *Page[T]) add(node T, cursor string) {
	p.Edges = append(p.Edges, Edge[T]{Node: node, Cursor: cursor})
}

// badCursor is the refusal of a cursor no list gave.
func badCursor() error {
	return &fault.Error{Kind: fault.KindBadRequest, Field: "after", Message: "the cursor is not one this list gave"}
}
