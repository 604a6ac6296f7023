package tenancy

import (
	"slices"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
)

// predicate is a WHERE condition on the entity's own table.
type predicate = func(*sql.Selector)

// none matches no row.
func none(s *sql.Selector) { s.Where(sql.False()) }

func anys(ids []uuid.UUID) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// orgProjects selects the ids of an organization's projects, restricted to ids
// unless it is nil. A grant naming a project of another organization thereby
// never matches: the organization decides first.
func orgProjects(org uuid.UUID, ids []uuid.UUID) *sql.Selector {
	t := sql.Table("projects")
	q := sql.Select(t.C("id")).From(t).Where(sql.EQ(t.C("organization_id"), org))
	if ids != nil {
		q.Where(sql.In(t.C("id"), anys(ids)...))
	}
	return q
}

// inProjects restricts column (a project id) to an organization's projects of a scope.
func inProjects(column string, org uuid.UUID, scope perm.Scope) predicate {
	if org == uuid.Nil || (!scope.All && len(scope.IDs) == 0) {
		return none
	}
	var ids []uuid.UUID
	if !scope.All {
		ids = scope.IDs
	}
	return func(s *sql.Selector) {
		s.Where(sql.In(s.C(column), orgProjects(org, ids)))
	}
}

// inFolderTrees is column IN (the folders roots and every folder below them): a
// recursive query, the same on PostgreSQL and SQLite.
func inFolderTrees(column string, roots []uuid.UUID) *sql.Predicate {
	return sql.P(func(b *sql.Builder) {
		b.Ident(column).WriteString(" IN (WITH RECURSIVE vidra_tree(id) AS (SELECT id FROM folders WHERE id IN (")
		b.Args(anys(roots)...)
		b.WriteString(") UNION ALL SELECT f.id FROM folders f JOIN vidra_tree ON f.parent_id = vidra_tree.id) SELECT id FROM vidra_tree)")
	})
}

// contentScope is where a principal may do an action on folder content: the
// whole organization, whole projects, or the trees of some folders.
type contentScope struct {
	allOrg      bool
	projects    []uuid.UUID
	folderRoots []uuid.UUID
}

// contentScopeOf reads the folder-level grants of a principal for an action.
func contentScopeOf(p perm.Principal, a perm.Action) contentScope {
	projects := p.Projects(a, perm.Folders)
	var c contentScope
	add := func(projectID uuid.UUID) {
		f := p.Folders(a, projectID)
		switch {
		case f.All && projectID == uuid.Nil:
			c.allOrg = true
		case f.All:
			c.projects = append(c.projects, projectID)
		default:
			c.folderRoots = append(c.folderRoots, f.IDs...)
		}
	}
	if !projects.All {
		for _, id := range projects.IDs {
			add(id)
		}
		return c
	}
	if p.Role == perm.Owner || p.Role == perm.Admin {
		c.allOrg = true
		return c
	}
	// An organization-wide grant: what it allows everywhere, and what grants
	// naming single projects add to it.
	add(uuid.Nil)
	for _, g := range p.Grants {
		if g.EntityType == perm.Projects && g.EntityID != uuid.Nil && !slices.Contains(c.projects, g.EntityID) {
			add(g.EntityID)
		}
	}
	return c
}

// predicate restricts rows of folder content: projectColumn is their project,
// folderColumn the folder they are (or, for folders, the folder itself).
func (c contentScope) predicate(org uuid.UUID, projectColumn, folderColumn string) predicate {
	if org == uuid.Nil || (!c.allOrg && len(c.projects) == 0 && len(c.folderRoots) == 0) {
		return none
	}
	return func(s *sql.Selector) {
		s.Where(sql.In(s.C(projectColumn), orgProjects(org, nil)))
		if c.allOrg {
			return
		}
		var or []*sql.Predicate
		if len(c.projects) > 0 {
			or = append(or, sql.In(s.C(projectColumn), anys(c.projects)...))
		}
		if len(c.folderRoots) > 0 {
			or = append(or, inFolderTrees(s.C(folderColumn), c.folderRoots))
		}
		s.Where(sql.Or(or...))
	}
}
