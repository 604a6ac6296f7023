package tenancy

import (
	"context"

	"github.com/vidra-dev/vidra/ent/eagerload"
)

// heir is a rule whose rows are visible exactly when the row they belong to
// is: its filter is "the parent column names a row of the parent table that
// the principal may read", with the parent's own filter inside.
type heir interface {
	// parent returns the parent's table and the rule's column naming a row of it.
	parent() (table, column string)
}

// inherited reports whether query, a query of r's entity, needs no filter of
// its own: it runs as the eager load of the children of parent rows read under
// ctx (so filtered by the parent's rule for the same principal, or by none
// for the system), restricted to those rows by r's own parent column. Each
// row it can return then belongs to a row the principal may read, which is
// r's filter. Any other query of the entity, even under the same context, is
// filtered as usual (eagerload marks the one query).
func inherited(ctx context.Context, r Rule, query any) bool {
	h, ok := r.(heir)
	if !ok {
		return false
	}
	load, ok := eagerload.Of(ctx, query)
	if !ok {
		return false
	}
	table, column := h.parent()
	return table != "" && load.Parent == table && load.Column == column
}
