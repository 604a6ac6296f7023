package tenancy

import (
	"context"
	"fmt"

	"entgo.io/ent"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// ProjectContentVia is the rule of an entity that belongs to a project through a
// parent row: its column names a row of parent, whose project_id names the
// project (webhook attempts belong to a delivery, which belongs to a project). It
// goes where its parent goes, in the given area.
func ProjectContentVia(entity, table, column, parent string, area perm.Area) Rule {
	return projectContentViaRule{entity: entity, table: table, column: column, parent: parent, area: area}
}

type projectContentViaRule struct {
	entity, table, column, parent string
	area                          perm.Area
}

func (r projectContentViaRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	parents := inProjects("project_id", p.OrganizationID, p.Perm().Projects(a, r.area))
	return func(s *sql.Selector) {
		t := sql.Table(r.parent)
		sub := sql.Select(t.C("id")).From(t)
		parents(sub)
		s.Where(sql.In(s.C(r.column), sub))
	}, nil
}

func (r projectContentViaRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	var projectID uuid.UUID
	var (
		query string
		arg   uuid.UUID
	)
	if m.Op().Is(ent.OpCreate) {
		id, ok := uuidField(m, r.column)
		if !ok {
			return errMissingField
		}
		query, arg = fmt.Sprintf(`SELECT project_id FROM %s WHERE id = $1`, r.parent), id
	} else {
		id, err := mutationID(m)
		if err != nil {
			return err
		}
		query = fmt.Sprintf(`SELECT p.project_id FROM %s t JOIN %s p ON p.id = t.%s WHERE t.id = $1`, r.table, r.parent, r.column)
		arg = id
	}
	found, err := queryRow(ctx, db, query, []any{arg}, &projectID)
	if err != nil {
		return err
	}
	if !found {
		return &NotFoundError{Entity: r.entity}
	}
	return judgeInProject(ctx, db, p, projectID, r.area, a, r.entity)
}
