package perm

import (
	"slices"

	"github.com/google/uuid"
)

// Role is how a principal belongs to its organization.
type Role string

// The roles of principals.
const (
	Owner  Role = "owner"
	Admin  Role = "admin"
	Member Role = "member"
	// APIKey is a principal acting with an API key: its grants only.
	APIKey Role = "api_key"
)

// Principal is who acts, as the decision function sees it.
type Principal struct {
	// OrganizationID is the organization the principal acts in.
	OrganizationID uuid.UUID
	// Role decides whether grants apply: owners and admins need none.
	Role Role
	// Grants are the member's or key's grants.
	Grants []Grant
}

// Resource is what an action is on.
type Resource struct {
	// OrganizationID owns the resource.
	OrganizationID uuid.UUID
	// Area is the part of the project or organization the resource belongs to.
	Area Area
	// ProjectID is the project of a project area; uuid.Nil for organization areas.
	ProjectID uuid.UUID
	// FolderPath is the folder holding the resource followed by its ancestors,
	// nearest first; empty for the project's root.
	FolderPath []uuid.UUID
}

// Can reports whether the principal may do every action of want on the resource.
// This is the one decision function of Vidra: every check goes through it.
func (p Principal) Can(want Action, r Resource) bool {
	if want == 0 || r.OrganizationID != p.OrganizationID {
		return false
	}
	switch p.Role {
	case Owner, Admin:
		return true
	case Member, APIKey:
	default:
		return false
	}
	if slices.Contains(OrganizationAreas, r.Area) {
		for _, g := range p.Grants {
			if g.EntityType == Organizations && g.Name == string(r.Area) &&
				(g.EntityID == uuid.Nil || g.EntityID == r.OrganizationID) && g.Action.Has(want) {
				return true
			}
		}
		return false
	}
	for _, g := range p.Grants {
		if g.EntityType != Projects || (g.EntityID != uuid.Nil && g.EntityID != r.ProjectID) {
			continue
		}
		if g.allows(want, r) {
			return true
		}
	}
	return false
}

// allows decides one project grant: a listed area's permission decides that
// area; an area not listed falls back to the grant's own action, except on an
// organization-wide grant of the map form, which names every area it grants
// (its "projects.<action>" keys cover the project records only). Anyone with a
// grant on a project may read the project record itself.
func (g Grant) allows(want Action, r Resource) bool {
	if r.Area == Project {
		return g.Action.Has(want) || want == Read
	}
	for _, p := range g.Permissions {
		if p.Area != r.Area {
			continue
		}
		if !p.Custom {
			return p.Action.Has(want)
		}
		for _, f := range p.Folders {
			if slices.Contains(r.FolderPath, f.FolderID) && f.Action.Has(want) {
				return true
			}
		}
		return false
	}
	if g.EntityID == uuid.Nil {
		return false
	}
	return g.Action.Has(want)
}

// Scope says which projects, or which folders of a project, a principal may act
// on: All, or only the listed ids.
type Scope struct {
	All bool
	IDs []uuid.UUID
}

// Projects is the set of projects in which the principal may do want on area:
// what a list must be filtered to.
func (p Principal) Projects(want Action, area Area) Scope {
	if p.Role == Owner || p.Role == Admin {
		return Scope{All: true}
	}
	var ids []uuid.UUID
	for _, g := range p.Grants {
		if g.EntityType != Projects {
			continue
		}
		probe := Resource{OrganizationID: p.OrganizationID, Area: area, ProjectID: g.EntityID}
		if !g.allows(want, probe) && !g.allowsSomeFolder(want, area) {
			continue
		}
		if g.EntityID == uuid.Nil {
			return Scope{All: true}
		}
		ids = append(ids, g.EntityID)
	}
	return Scope{IDs: ids}
}

// allowsSomeFolder reports whether a custom folders permission grants want on at
// least one folder: the project is then visible, restricted to those folders.
func (g Grant) allowsSomeFolder(want Action, area Area) bool {
	if area != Folders {
		return false
	}
	for _, p := range g.Permissions {
		if p.Area == Folders && p.Custom {
			for _, f := range p.Folders {
				if f.Action.Has(want) {
					return true
				}
			}
		}
	}
	return false
}

// Folders is the set of folders of a project whose content the principal may do
// want on (each covering its subfolders), or All when not restricted by folder.
func (p Principal) Folders(want Action, projectID uuid.UUID) Scope {
	if p.Role == Owner || p.Role == Admin {
		return Scope{All: true}
	}
	var ids []uuid.UUID
	for _, g := range p.Grants {
		if g.EntityType != Projects || (g.EntityID != uuid.Nil && g.EntityID != projectID) {
			continue
		}
		if g.allows(want, Resource{OrganizationID: p.OrganizationID, Area: Folders, ProjectID: projectID}) {
			return Scope{All: true}
		}
		for _, perm := range g.Permissions {
			if perm.Area == Folders && perm.Custom {
				for _, f := range perm.Folders {
					if f.Action.Has(want) {
						ids = append(ids, f.FolderID)
					}
				}
			}
		}
	}
	return Scope{IDs: ids}
}
