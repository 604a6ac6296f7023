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

// Projects is the rule of projects: in the current organization, those the
// principal holds a grant on (owners and admins: all).
func Projects() Rule { return projectRule{} }

type projectRule struct{}

func (projectRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	scope := p.Perm().Projects(a, perm.Project)
	if p.OrganizationID == uuid.Nil || (!scope.All && len(scope.IDs) == 0) {
		return none, nil
	}
	return func(s *sql.Selector) {
		s.Where(sql.EQ(s.C("organization_id"), p.OrganizationID))
		if !scope.All {
			s.Where(sql.In(s.C("id"), anys(scope.IDs)...))
		}
	}, nil
}

func (projectRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	if m.Op().Is(ent.OpCreate) {
		org, ok := uuidField(m, "organization_id")
		if !ok {
			return errMissingField
		}
		if org != p.OrganizationID {
			// Another organization of the caller's: judged by its rights there.
			member, found, err := asMemberOf(ctx, db, p, org)
			if err != nil {
				return err
			}
			if !found {
				return &NotFoundError{Entity: "organization"}
			}
			p = member
		}
		return judge(p, perm.Resource{OrganizationID: org, Area: perm.Project}, perm.Write, "project")
	}
	id, err := mutationID(m)
	if err != nil {
		return err
	}
	if _, ok := m.Field("deleted_at"); ok {
		a = perm.Delete // a project is deleted by marking it
	}
	org, found, err := projectOrg(ctx, db, id)
	if err != nil {
		return err
	}
	if !found {
		return &NotFoundError{Entity: "project"}
	}
	return judge(p, perm.Resource{OrganizationID: org, Area: perm.Project, ProjectID: id}, a, "project")
}

// ProjectContent is the rule of an entity that belongs to a project by a
// project_id column and to one area of it (settings, advertisements...).
func ProjectContent(entity, table string, area perm.Area) Rule {
	return projectContentRule{entity: entity, table: table, area: area}
}

type projectContentRule struct {
	entity, table string
	area          perm.Area
}

func (r projectContentRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	return inProjects("project_id", p.OrganizationID, p.Perm().Projects(a, r.area)), nil
}

func (r projectContentRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	var projectID uuid.UUID
	if m.Op().Is(ent.OpCreate) {
		id, ok := uuidField(m, "project_id")
		if !ok {
			return errMissingField
		}
		projectID = id
	} else {
		id, err := mutationID(m)
		if err != nil {
			return err
		}
		found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT project_id FROM %s WHERE id = $1`, r.table), []any{id}, &projectID)
		if err != nil {
			return err
		}
		if !found {
			return &NotFoundError{Entity: r.entity}
		}
	}
	return judgeInProject(ctx, db, p, projectID, r.area, a, r.entity)
}

// judgeInProject decides action a on an entity in an area of a project: the
// project's organization and the principal's grants decide.
func judgeInProject(ctx context.Context, db querier, p *auth.Principal, projectID uuid.UUID, area perm.Area, a perm.Action, entity string) error {
	org, found, err := projectOrg(ctx, db, projectID)
	if err != nil {
		return err
	}
	if !found {
		return &NotFoundError{Entity: "project"}
	}
	return judge(p, perm.Resource{OrganizationID: org, Area: area, ProjectID: projectID}, a, entity)
}
