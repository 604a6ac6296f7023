package ent

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"entgo.io/contrib/entgql"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/sqlgraph"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/edgepage"
)

// This file joins ent's eager loading to package edgepage: the query of a
// page's parents records their ids while it scans them, and the query of their
// children's pages (limitPerParent, which the field collection calls in place
// of entgql.LimitPerRow, see ent/entc.go) reads them to build its LATERAL
// join. The scan also keeps the row past a page (a parent's extra child, or
// the extra node of a paginated query) out of the loading of edges: it is
// fetched only to tell that a next page exists, and loading its edges would
// read rows no one returns.

// pageExtraColumn is edgepage.ExtraColumn for the generated scans
// (ent/template/decode_pooled.tmpl), which give it a typed target.
const pageExtraColumn = edgepage.ExtraColumn

// pageParentsKey is the context key of the innermost query's pageParents.
type pageParentsKey struct{}

// pageParents are the ids of the rows a query has scanned, the parents of the
// edges it loads next. Each query that loads paginated edges adds its own to
// the context, linked to the one of the query that loads it.
type pageParents struct {
	outer *pageParents
	// pgType is the PostgreSQL type of the ids ("uuid"), empty when unknown.
	pgType string
	ids    []string
}

// innermostPageParents returns the parents of the edges being loaded: the
// innermost pageParents with ids. The query whose children are loaded has
// scanned its rows; the children's own query, whose statement is being built,
// has scanned none yet.
func innermostPageParents(ctx context.Context) *pageParents {
	if ctx == nil {
		return nil
	}
	p, _ := ctx.Value(pageParentsKey{}).(*pageParents)
	for p != nil && len(p.ids) == 0 {
		p = p.outer
	}
	return p
}

// limitPerParent is the query modifier that keeps limit rows of each parent,
// in the order of orderBy: a LATERAL join on PostgreSQL, a window function on
// SQLite (package edgepage). It stands in for entgql.LimitPerRow, which it
// falls back to when the statement does not select the parent's column.
func limitPerParent(fk string, limit int, orderBy ...entsql.Querier) func(*entsql.Selector) {
	return func(s *entsql.Selector) {
		page := edgepage.Page{FK: fk, Limit: limit, Order: orderBy, Table: edgepage.JoinTable(s.Context())}
		if p := innermostPageParents(s.Context()); p != nil {
			page.Parents, page.ParentType = p.ids, p.pgType
		}
		if ps, ok := s.Context().Value(pageScanKey{}).(*pageScan); ok {
			page.CountExtra = ps.countPerParent
		}
		if !edgepage.Rewrite(s, page) {
			entgql.LimitPerRow(fk, limit, orderBy...)(s)
		}
	}
}

// pagedThrough records, in the context of a many-to-many loader's selector,
// the join table its rows come through: limitPerParent's rewrite chooses the
// statement's form by that table's statistics (edgepage.Fanouts).
func pagedThrough(s *entsql.Selector, joinTable string) {
	s.WithContext(edgepage.WithJoinTable(s.Context(), joinTable))
}

// pageScanKey is the context key of the pageScan of the query whose statement
// is being built: every query with modifiers (limitPerParent is one) has one.
type pageScanKey struct{}

// pageScan wraps the Assign of a query's scan. It diverts the rows past a page
// to divert, out of the query's nodes (whose edges are loaded next): the rows
// marked by edgepage.ExtraColumn, those past each parent's page when it counts
// them (countPerParent) and, when size is not 0, every row after the first
// size. With parents set, it records the ids of the rows it keeps.
type pageScan struct {
	size    int
	kept    int
	extra   int // index of edgepage.ExtraColumn, -1 when absent, -2 before the first row
	id      int // index of the id column, -2 before the first row
	idName  string
	parents *pageParents
	divert  func(columns []string, values []any) error
	// perParent counts each parent's rows when the statement does not mark
	// the extra ones (edgepage.Page.CountExtra).
	perParent *parentCounts
}

// parentCounts marks the rows of each parent past its page's size, in the
// order they come: by parent, the order of their page (edgepage.Page.CountExtra).
type parentCounts struct {
	column string
	index  int // of column, -2 before the first row, -1 when absent
	size   int
	seen   map[any]int
}

// countPerParent is edgepage.Page.CountExtra: the rows of each parent (the
// value of column fk) past its first size are the extra ones.
func (ps *pageScan) countPerParent(fk string, size int) {
	ps.perParent = &parentCounts{column: fk, index: -2, size: size}
}

// past reports whether the row of values is past its parent's page. A parent
// value of a type it cannot read leaves the row in: its edges are then loaded
// for nothing, but the page builder still keeps only the page.
func (c *parentCounts) past(columns []string, values []any) bool {
	if c.index == -2 {
		c.index = slices.Index(columns, c.column)
		c.seen = make(map[any]int, 16)
	}
	if c.index < 0 {
		return false
	}
	key, ok := parentKey(values[c.index])
	if !ok {
		return false
	}
	n := c.seen[key] + 1
	c.seen[key] = n
	return n > c.size
}

// parentKey returns a comparable form of a scanned parent id.
func parentKey(v any) (any, bool) {
	switch v := v.(type) {
	case *scannedUUID:
		return uuid.UUID(*v), true
	case *scannedNullUUID:
		return v.UUID, v.Valid
	case *uuid.UUID:
		return *v, true
	case *sql.NullInt64:
		return v.Int64, v.Valid
	case *sql.NullString:
		return v.String, v.Valid
	}
	return nil, false
}

// newPageScan wraps spec's Assign with a pageScan keeping size rows (0: all)
// and sending the others to divert. With idColumn not empty, it records the
// ids of the rows kept in a pageParents it adds to the returned context.
func newPageScan(ctx context.Context, spec *sqlgraph.QuerySpec, size int, idColumn, pgType string, divert func([]string, []any) error) context.Context {
	ps := &pageScan{size: size, extra: -2, id: -2, idName: idColumn, divert: divert}
	ctx = context.WithValue(ctx, pageScanKey{}, ps)
	if idColumn != "" {
		outer, _ := ctx.Value(pageParentsKey{}).(*pageParents)
		ps.parents = &pageParents{outer: outer, pgType: pgType}
		ctx = context.WithValue(ctx, pageParentsKey{}, ps.parents)
	}
	assign := spec.Assign
	spec.Assign = func(columns []string, values []any) error {
		if ps.extra == -2 {
			ps.extra, ps.id = -1, -1
			for i, c := range columns {
				switch c {
				case edgepage.ExtraColumn:
					ps.extra = i
				case ps.idName:
					ps.id = i
				}
			}
		}
		if (ps.extra >= 0 && isTrue(values[ps.extra])) || (ps.size > 0 && ps.kept == ps.size) ||
			(ps.perParent != nil && ps.perParent.past(columns, values)) {
			return ps.divert(columns, values)
		}
		ps.kept++
		if ps.parents != nil && ps.id >= 0 {
			// An id of a type not read here leaves the children to the window form.
			if id, ok := scannedID(values[ps.id]); ok {
				ps.parents.ids = append(ps.parents.ids, id)
			} else {
				ps.parents.pgType = ""
			}
		}
		if ps.extra >= 0 && ps.extra == len(columns)-1 {
			// The mark is read. Left in, ent would keep it among the node's
			// dynamically selected values: a map allocated for every row.
			// Shortening the length keeps the capacity the pooled scan rows
			// are recognised by.
			return assign(columns[:ps.extra], values[:ps.extra])
		}
		return assign(columns, values)
	}
	return ctx
}

// isTrue reads a scanned boolean: PostgreSQL's, or SQLite's 0 or 1, in
// whichever target the scan gave.
func isTrue(v any) bool {
	if u, ok := v.(*entsql.UnknownType); ok {
		v = *u
	}
	switch v := v.(type) {
	case *sql.NullBool:
		return v.Valid && v.Bool
	case *sql.NullInt64:
		return v.Valid && v.Int64 != 0
	case bool:
		return v
	case int64:
		return v != 0
	case []byte:
		return len(v) > 0 && (v[0] == 't' || v[0] == '1')
	case string:
		return v == "t" || v == "true" || v == "1"
	}
	return false
}

// scannedID returns, in the text form PostgreSQL reads, the id held by a scan
// target before assignValues copies it out, and whether it could read it.
func scannedID(v any) (string, bool) {
	switch v := v.(type) {
	case *scannedUUID:
		return uuid.UUID(*v).String(), true
	case *uuid.UUID:
		return v.String(), true
	case *sql.NullInt64:
		return fmt.Sprint(v.Int64), v.Valid
	}
	return "", false
}
