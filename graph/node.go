package graph

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/schema/field"
	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/migrate"
	"github.com/vidra-dev/vidra/internal/sliceset"
)

// nodeTables lists the tables whose rows are Relay nodes: every ent table keyed by a
// single UUID "id" column. Join tables (composite keys) and tables with serial ids
// (the analytics tables: never nodes, and a bigint cannot be compared with a UUID
// on PostgreSQL) are left out. Derived from the generated schema, so a new entity
// is resolvable by node(id:) without editing this.
func nodeTables() []string {
	var tables []string
	for _, t := range migrate.Tables {
		if len(t.PrimaryKey) == 1 && t.PrimaryKey[0].Name == "id" && t.PrimaryKey[0].Type == field.TypeUUID {
			tables = append(tables, t.Name)
		}
	}
	return tables
}

// nodeTypeQuery builds one statement that names the table of each of n ids, so
// that node(id:) and nodes(ids:) cost one lookup however many entity types there
// are. Parameters are numbered so every branch of the UNION reuses them.
func nodeTypeQuery(dialectName string, n int) string {
	params := make([]string, n)
	for i := range params {
		if dialectName == dialect.Postgres {
			params[i] = fmt.Sprintf("$%d", i+1)
		} else {
			params[i] = fmt.Sprintf("?%d", i+1)
		}
	}
	in := strings.Join(params, ", ")
	tables := nodeTables()
	parts := make([]string, 0, len(tables))
	for _, t := range tables {
		parts = append(parts, fmt.Sprintf("SELECT id, '%s' AS t FROM %q WHERE id IN (%s)", t, t, in))
	}
	return strings.Join(parts, " UNION ALL ")
}

// nodeTypes resolves which table each id belongs to; unknown ids are absent.
func (r *Resolver) nodeTypes(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	ids = sliceset.Unique(ids)
	types := make(map[uuid.UUID]string, len(ids))
	if len(ids) == 0 {
		return types, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := r.db(ctx).QueryContext(ctx, nodeTypeQuery(r.dialect, len(ids)), args...)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var (
			id    uuid.UUID
			table string
		)
		if err := rows.Scan(&id, &table); err != nil {
			return nil, err
		}
		types[id] = table
	}
	return types, rows.Err()
}

// noder loads the node with the given id, whatever its type; NOT_FOUND when none.
func (r *Resolver) noder(ctx context.Context, id uuid.UUID) (ent.Noder, error) {
	nodes, err := r.noders(ctx, []uuid.UUID{id})
	if err != nil {
		return nil, err
	}
	if nodes[0] == nil {
		return nil, NotFound("node")
	}
	return nodes[0], nil
}

// noders loads several nodes in the order asked; an unknown id gives a null entry,
// as Relay expects.
func (r *Resolver) noders(ctx context.Context, ids []uuid.UUID) ([]ent.Noder, error) {
	types, err := r.nodeTypes(ctx, ids)
	if err != nil {
		return nil, err
	}
	known := make([]uuid.UUID, 0, len(types))
	for _, id := range sliceset.Unique(ids) {
		if _, ok := types[id]; ok {
			known = append(known, id)
		}
	}
	byID := make(map[uuid.UUID]ent.Noder, len(known))
	if len(known) > 0 {
		// A row the tenancy rules hide is absent, exactly like an unknown id: ent
		// reports it as an error of its own, collected here and dropped, while any
		// other failure is returned.
		quiet := graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
		nodes, err := r.db(ctx).Noders(quiet, known, ent.WithNodeType(func(_ context.Context, id uuid.UUID) (string, error) {
			return types[id], nil
		}))
		if err != nil && !ent.IsNotFound(err) {
			return nil, err
		}
		for _, e := range graphql.GetErrors(quiet) {
			if e.Extensions["code"] != "NOT_FOUND" {
				return nil, e
			}
		}
		var items []*ent.ImportItem
		for i, n := range nodes {
			if n != nil {
				byID[known[i]] = n
			}
			if it, ok := n.(*ent.ImportItem); ok {
				items = append(items, it)
			}
		}
		// An item's state reads its video whole, which the collected edge may not be.
		if err := r.importing.LoadVideos(ctx, items); err != nil {
			return nil, err
		}
	}
	out := make([]ent.Noder, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}
