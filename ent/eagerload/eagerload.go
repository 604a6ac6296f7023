// Package eagerload tells a query's interceptors that the query is the eager
// load of a one-to-many edge: the loading of the children of rows that their
// parent query has just read, restricted by the children's foreign key to those
// rows' ids.
//
// ent's loaders run the children's query under the parent query's context, so a
// value in that context would reach every query run below it. The mark here
// names the one query it is about instead, and an interceptor asks for its own
// query: the mark says nothing about any other (a grandchild's, a query of a
// resolver).
//
// Package tenancy reads it: the rows of an entity whose visibility is exactly
// that of its parent's rows (a video's captions) need no filter of their own
// when loaded as the children of rows the same principal has just read.
package eagerload

import "context"

// key is the context key of a Load.
type key struct{}

// Load is the eager load of one edge.
type Load struct {
	// query is the children's query the loader runs.
	query any
	// Parent is the table of the parent rows.
	Parent string
	// Column is the children's column holding the parent's id, by which the
	// loader restricts them to the parents it read.
	Column string
}

// Children returns ctx for running query as the loading of the children of
// parent rows (of table parent) that were read under ctx, restricted to those
// rows by the children's column.
func Children(ctx context.Context, query any, parent, column string) context.Context {
	return context.WithValue(ctx, key{}, &Load{query: query, Parent: parent, Column: column})
}

// Of returns the eager load that query runs as under ctx, if it runs as one.
func Of(ctx context.Context, query any) (*Load, bool) {
	l, ok := ctx.Value(key{}).(*Load)
	if !ok || query == nil || l.query != query {
		return nil, false
	}
	return l, true
}
