package ent

// namedEdges holds the rows of one edge eager-loaded under names (GraphQL
// aliases; ent/template/named_edges.tmpl): a list of (name, rows) pairs. A
// query loads an edge under one name or a few, so a list searched in order
// costs less than the map ent keeps, which each entity of a page allocated.
type namedEdges[T any] []namedEdge[T]

// namedEdge is the rows of an edge loaded under one name.
type namedEdge[T any] struct {
	name  string
	nodes []*T
}

// get returns the rows loaded under name, and whether any load used it.
func (e namedEdges[T]) get(name string) ([]*T, bool) {
	for i := range e {
		if e[i].name == name {
			return e[i].nodes, true
		}
	}
	return nil, false
}

// add appends nodes to the rows under name. With no nodes it records that
// name as loaded, with an empty list (not nil), as ent's eager loading does.
func (e *namedEdges[T]) add(name string, nodes []*T) {
	for i := range *e {
		if (*e)[i].name == name {
			(*e)[i].nodes = append((*e)[i].nodes, nodes...)
			return
		}
	}
	*e = append(*e, namedEdge[T]{name: name, nodes: append([]*T{}, nodes...)})
}

// set makes nodes the rows under name, replacing any.
func (e *namedEdges[T]) set(name string, nodes []*T) {
	for i := range *e {
		if (*e)[i].name == name {
			(*e)[i].nodes = nodes
			return
		}
	}
	*e = append(*e, namedEdge[T]{name: name, nodes: nodes})
}
