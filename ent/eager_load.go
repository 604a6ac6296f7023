package ent

import (
	"context"

	"github.com/vidra-dev/vidra/ent/eagerload"
)

// loadingChildren returns ctx for query run as the eager load of a one-to-many
// edge: the children of the rows of parentTable just read, restricted by
// their column to those rows (package eagerload). The named-edge loading of
// ent/template/m2m_pages.tmpl calls it, so that interceptors can tell the load
// from any other query of the children's entity.
func loadingChildren(ctx context.Context, query any, parentTable, column string) context.Context {
	return eagerload.Children(ctx, query, parentTable, column)
}
