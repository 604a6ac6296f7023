package tenancy

import (
	"context"
	stdsql "database/sql"
	"errors"
	"fmt"
	"strings"

	"entgo.io/ent"
	"github.com/google/uuid"
)

// querier runs SQL on the mutation's own connection or transaction: every
// generated mutation has it (ent's execquery feature).
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error)
}

// The placeholders below are $1, $2...: PostgreSQL's form, which SQLite also reads
// as numbered parameters.

// queryRow scans the first row of a query; found is false when there is none.
func queryRow(ctx context.Context, db querier, query string, args []any, dest ...any) (found bool, err error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("tenancy: %w", err)
	}
	defer func() { _ = rows.Close() }()
	if !rows.Next() {
		return false, rows.Err()
	}
	if err := rows.Scan(dest...); err != nil {
		return false, fmt.Errorf("tenancy: %w", err)
	}
	return true, rows.Close()
}

// nullUUID scans a nullable uuid column.
type nullUUID struct {
	id    uuid.UUID
	valid bool
}

// Scan implements sql.Scanner.
func (n *nullUUID) Scan(v any) error {
	if v == nil {
		n.valid = false
		return nil
	}
	n.valid = true
	return n.id.Scan(v)
}

// projectOrg is the organization of a project; found is false when there is no
// such project.
func projectOrg(ctx context.Context, db querier, projectID uuid.UUID) (org uuid.UUID, found bool, err error) {
	found, err = queryRow(ctx, db, `SELECT organization_id FROM projects WHERE id = $1`, []any{projectID}, &org)
	return org, found, err
}

// folderPath is a folder followed by its ancestors, nearest first, with its
// project; found is false when there is no such folder.
func folderPath(ctx context.Context, db querier, folderID uuid.UUID) (projectID uuid.UUID, path []uuid.UUID, found bool, err error) {
	rows, err := db.QueryContext(ctx, `WITH RECURSIVE vidra_up(id, parent_id, project_id, depth) AS (
		SELECT id, parent_id, project_id, 0 FROM folders WHERE id = $1
		UNION ALL SELECT f.id, f.parent_id, f.project_id, vidra_up.depth + 1 FROM folders f JOIN vidra_up ON f.id = vidra_up.parent_id
	) SELECT id, project_id FROM vidra_up ORDER BY depth`, folderID)
	if err != nil {
		return uuid.Nil, nil, false, fmt.Errorf("tenancy: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var id, project uuid.UUID
		if err := rows.Scan(&id, &project); err != nil {
			return uuid.Nil, nil, false, fmt.Errorf("tenancy: %w", err)
		}
		path = append(path, id)
		projectID = project
	}
	return projectID, path, len(path) > 0, rows.Err()
}

// mutationDB is the mutation's querier.
func mutationDB(m ent.Mutation) (querier, error) {
	db, ok := m.(querier)
	if !ok {
		return nil, fmt.Errorf("tenancy: %s mutation cannot query", m.Type())
	}
	return db, nil
}

// mutationID is the id of the one row an UpdateOne or DeleteOne changes.
func mutationID(m ent.Mutation) (uuid.UUID, error) {
	if x, ok := m.(interface{ ID() (uuid.UUID, bool) }); ok {
		if id, ok := x.ID(); ok {
			return id, nil
		}
	}
	return uuid.Nil, fmt.Errorf("tenancy: %s %s without an id", m.Type(), m.Op())
}

// uuidField is a uuid field a mutation sets; ok is false when it does not set it.
func uuidField(m ent.Mutation, name string) (uuid.UUID, bool) {
	v, ok := m.Field(name)
	if !ok {
		return uuid.Nil, false
	}
	switch id := v.(type) {
	case uuid.UUID:
		return id, true
	case *uuid.UUID:
		if id != nil {
			return *id, true
		}
	}
	return uuid.Nil, false
}

var errMissingField = errors.New("tenancy: a created row names no owner")

// distinctProjects lists the projects of some rows of a table with a project_id column.
func distinctProjects(ctx context.Context, db querier, table string, ids []uuid.UUID) ([]uuid.UUID, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `SELECT DISTINCT project_id FROM %s WHERE id IN (`, table)
	for i := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", i+1)
	}
	b.WriteString(")")
	rows, err := db.QueryContext(ctx, b.String(), anys(ids)...)
	if err != nil {
		return nil, fmt.Errorf("tenancy: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("tenancy: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
