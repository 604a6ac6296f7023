package graph

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/migrate"
)

// nodeTables lists the tables whose rows are Relay nodes: every ent table keyed by a
// single "id" column. Join tables (composite keys) are left out. Derived from the
// generated schema, so a new entity is resolvable by node(id:) without editing this.
func nodeTables() []string {
	var tables []string
	for _, t := range migrate.Tables {
		if len(t.PrimaryKey) == 1 && t.PrimaryKey[0].Name == "id" {
			tables = append(tables, t.Name)
		}
	}
	return tables
}

// nodeTypeQuery builds one statement that names the table holding an id, so that
// node(id:) costs one lookup however many entity types there are. The single
// parameter is numbered so every branch of the UNION reuses it on both databases.
func nodeTypeQuery(dialectName string) string {
	param := "?1"
	if dialectName == dialect.Postgres {
		param = "$1"
	}
	tables := nodeTables()
	parts := make([]string, 0, len(tables))
	for _, t := range tables {
		parts = append(parts, fmt.Sprintf("SELECT '%s' AS t FROM %q WHERE id = %s", t, t, param))
	}
	return strings.Join(parts, " UNION ALL ") + " LIMIT 1"
}

// nodeType resolves which table a UUID belongs to (ent's default resolver only
// understands integer ids split into ranges).
func (r *Resolver) nodeType(ctx context.Context, id uuid.UUID) (string, error) {
	rows, err := r.db(ctx).QueryContext(ctx, nodeTypeQuery(r.dialect), id)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return "", err
		}
		return "", NotFound("node")
	}
	var table string
	if err := rows.Scan(&table); err != nil {
		return "", err
	}
	return table, rows.Err()
}

// noder loads the node with the given id, whatever its type.
func (r *Resolver) noder(ctx context.Context, id uuid.UUID) (ent.Noder, error) {
	return r.db(ctx).Noder(ctx, id, ent.WithNodeType(r.nodeType))
}

// noders loads several nodes; a missing id gives a null entry, as Relay expects.
func (r *Resolver) noders(ctx context.Context, ids []uuid.UUID) ([]ent.Noder, error) {
	return r.db(ctx).Noders(ctx, ids, ent.WithNodeType(r.nodeType))
}
