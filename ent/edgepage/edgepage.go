// Package edgepage rewrites the query that loads a Relay connection's rows for
// many parents at once (ent's eager loading of project.folders, folder.videos,
// video.tags, ...) so that each parent's page costs what it returns.
//
// ent loads the children of all the page's parents with one statement,
// WHERE fk IN (parents); entgql then keeps each parent's first rows with a
// ROW_NUMBER() window over all of their children, which makes PostgreSQL read
// and sort every child of every parent to keep a page of each. On PostgreSQL
// the statement becomes a LATERAL join instead: for each parent id, the
// connection's query with fk = parent, ORDER BY the connection's order and
// LIMIT the page (plus the row telling there is a next one), which an index on
// (fk, order, id) answers by reading only those rows. SQLite has no LATERAL:
// there the window function stays, partitioned by parent, with the same rows
// out.
//
// A LATERAL join pays a rescan per parent; when PostgreSQL's statistics say a
// parent has on average no more rows through the key than its page keeps (a
// video's tags), the window form reads about as many rows in one pass and is
// used instead (fanout.go).
//
// Rows of a one-to-many connection carry a page_extra column, true on the row
// past the page (the one fetched only to tell hasNextPage): the scan keeps that
// row out of the loading of its own edges. In the LATERAL form the scan can
// count each parent's rows itself instead (Page.CountExtra).
package edgepage

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// ExtraColumn is the column that is true on a parent's row past its page.
const ExtraColumn = "page_extra"

// rowColumn numbers a parent's rows in the window form (SQLite).
const rowColumn = "page_row"

// Page describes the per-parent page of one connection.
type Page struct {
	// FK is the column holding the parent's id: the child's foreign key, or
	// the join table's column of the parent for a many-to-many edge.
	FK string
	// Limit is the number of rows kept per parent: the page and one more.
	Limit int
	// Order is the connection's order (ending with the id tie-break), written
	// with unqualified columns of the child's table.
	Order []sql.Querier
	// Parents are the ids of the parents whose pages are loaded, the same
	// ones as the loader's IN list, in the text form PostgreSQL reads.
	Parents []string
	// ParentType is the PostgreSQL type of the parents' ids ("uuid"); with
	// no type or no parents the window form is used on every dialect.
	ParentType string
	// Table is the table holding FK: the join table of a many-to-many edge
	// (WithJoinTable), empty for the child's own table. Its fan-out
	// (Fanouts) chooses the statement's form on PostgreSQL.
	Table string
	// CountExtra, when set, takes the marking of the extra rows of the LATERAL
	// form over: the statement then carries no ExtraColumn, and Rewrite calls
	// CountExtra with FK and the page's size, for the scan to mark the rows
	// of each parent past its first size. A LATERAL join runs its subquery
	// once per parent, and each parent's rows come out in that subquery's
	// ORDER BY, so the row past the page is the parent's last. Numbering
	// them in SQL (ROW_NUMBER() in the subquery) cost PostgreSQL a window
	// aggregate per parent: a sixth of the statement of ten folders' pages.
	CountExtra func(fk string, size int)
}

// joinTableKey is the context key of WithJoinTable's table.
type joinTableKey struct{}

// WithJoinTable records, in the context of a many-to-many loader's selector,
// the join table its rows come through, for Page.Table.
func WithJoinTable(ctx context.Context, table string) context.Context {
	return context.WithValue(ctx, joinTableKey{}, table)
}

// JoinTable returns the table WithJoinTable recorded, or "".
func JoinTable(ctx context.Context) string {
	t, _ := ctx.Value(joinTableKey{}).(string)
	return t
}

// Rewrite turns s, ent's eager-loading query of the children of many parents
// (its WHERE holding the connection's filters, its cursors and the loader's
// fk IN (...)), into the query of each parent's page. It reports false and
// leaves s alone when s does not select the parent's column.
func Rewrite(s *sql.Selector, p Page) bool {
	parent, joined, ok := parentColumn(s, p.FK)
	if !ok {
		return false
	}
	// A many-to-many row may belong to another parent's page too: rows of such
	// an edge are not marked, the page's extra row is loaded as the others.
	// ent's many-to-many loader gives each parent its rows in the order they
	// first came for any parent, so they come in the page's order over all
	// parents, which is each parent's order too.
	s.SetDistinct(false)
	if s.Dialect() == dialect.Postgres && len(p.Parents) > 0 && p.ParentType != "" && !fewPerParent(s, p) {
		*s = *lateral(s, p, parent, joined)
	} else {
		*s = *window(s, p, parent, joined)
	}
	return true
}

// fewPerParent reports whether the statistics say that a parent has on
// average no more rows through p.FK than its page keeps: the window form then
// reads about what the LATERAL join would, without a rescan per parent.
func fewPerParent(s *sql.Selector, p Page) bool {
	table := p.Table
	if table == "" {
		table = s.TableName()
	}
	f, ok := fanout(s.Context(), table, p.FK)
	return ok && f <= float64(p.Limit)
}

// parentColumn finds the selected column holding the parent's id (ent's
// loaders select it: the foreign key, or the join table's column first) and
// whether it is a joined table's.
func parentColumn(s *sql.Selector, fk string) (column string, joined bool, ok bool) {
	selected, names := s.SelectedColumns(), s.UnqualifiedColumns()
	if len(selected) != len(names) {
		return "", false, false
	}
	for i, name := range names {
		if name != fk {
			continue
		}
		table := ""
		if dot := strings.LastIndexByte(selected[i], '.'); dot > 0 {
			table = strings.Trim(selected[i][:dot], "`\"")
		}
		return selected[i], table != "" && table != s.TableName(), true
	}
	return "", false, false
}

// lateral is the PostgreSQL form: for each parent id, s restricted to that
// parent, ordered and limited, so an index on (fk, order..., id) serves each
// page with a range read that stops at the LIMIT. The loader's own filter on
// the parents (ent's IN list, or the many-to-many loader's parentsIn array)
// stays in s's WHERE; it is redundant and PostgreSQL folds it into the index
// scan.
func lateral(s *sql.Selector, p Page, parent string, joined bool) *sql.Selector {
	mark := !joined
	if mark && p.CountExtra != nil {
		p.CountExtra(p.FK, p.Limit-1)
		mark = false
	}
	alias := s.TableName()
	inner := s.Clone()
	inner.Where(sql.ExprP(parent + ` = "page_parents"."page_parent"`))
	if mark {
		inner.AppendSelectExprAs(extraExpr(sql.RowNumber().OrderExpr(p.Order...), p.Limit), ExtraColumn)
	}
	inner.OrderExpr(p.Order...).Limit(p.Limit)
	columns := s.UnqualifiedColumns()
	if mark {
		columns = append(columns, ExtraColumn)
	}
	ids := "{" + strings.Join(p.Parents, ",") + "}"
	out := sql.Dialect(dialect.Postgres).Select(qualified(dialect.Postgres, alias, columns)...)
	out.FromExpr(sql.ExprFunc(func(b *sql.Builder) {
		b.WriteString("unnest(").Arg(ids).WriteString("::" + p.ParentType + `[]) AS "page_parents"("page_parent") CROSS JOIN LATERAL (`)
		b.Join(inner)
		b.WriteString(") AS ").Ident(alias)
	}))
	if joined {
		out.OrderExpr(p.Order...)
	}
	return out.WithContext(s.Context())
}

// window is the form for SQLite (and PostgreSQL without the parents' ids):
// all the parents' children numbered per parent in the page's order, of which
// the first Limit of each are kept.
func window(s *sql.Selector, p Page, parent string, joined bool) *sql.Selector {
	mark := !joined
	alias := s.TableName()
	d := s.Dialect()
	inner := s.Clone()
	inner.AppendSelectExprAs(sql.RowNumber().PartitionBy(parent).OrderExpr(p.Order...), rowColumn)
	columns := s.UnqualifiedColumns()
	out := sql.Dialect(d).Select(qualified(d, alias, columns)...)
	if mark {
		out.AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) {
			b.Ident(alias).WriteByte('.').Ident(rowColumn).WriteString(fmt.Sprintf(" > %d", p.Limit-1))
		}), ExtraColumn)
	}
	out.From(inner.As(alias)).Where(sql.LTE(sql.Dialect(d).Table(alias).C(rowColumn), p.Limit))
	if joined {
		out.OrderExpr(p.Order...)
	}
	return out.WithContext(s.Context())
}

// extraExpr is "row number > the page's size".
func extraExpr(rowNumber sql.Querier, limit int) sql.Querier {
	return sql.ExprFunc(func(b *sql.Builder) {
		b.Join(rowNumber).WriteString(fmt.Sprintf(" > %d", limit-1))
	})
}

// qualified returns the columns qualified with the table alias, in the form
// Selector.Select takes.
func qualified(d, alias string, columns []string) []string {
	t := sql.Dialect(d).Table(alias)
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = t.C(c)
	}
	return out
}
