package org

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
)

// parseGrants reads permissions in either form, refusing malformed ones with the
// field at fault, and checks that they name this organization's projects and
// folders (INVALID_INPUT otherwise).
func parseGrants(ctx context.Context, client *ent.Client, field string, value any, org uuid.UUID) ([]perm.Grant, error) {
	grants, err := perm.Parse(field, value)
	var fe *perm.FieldError
	if errors.As(err, &fe) {
		return nil, fault.FieldError(fe.Field, "%s", fe.Message)
	} else if err != nil {
		return nil, err
	}
	for i, g := range grants {
		at := field
		if _, isArray := value.([]any); isArray {
			at = field + "[" + itoa(i) + "]"
		}
		switch {
		case g.EntityID == uuid.Nil:
		case g.EntityType == perm.Organizations && g.EntityID != org:
			return nil, fault.FieldError(at+".entity_id", "must be the current organization")
		case g.EntityType == perm.Projects:
			ok, err := client.Project.Query().Where(project.ID(g.EntityID), project.OrganizationID(org)).Exist(ctx)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, fault.FieldError(at+".entity_id", "no such project in this organization")
			}
		}
	}
	return grants, nil
}

// covers reports whether a principal holds every right a grant gives, so that
// a member cannot mint a key stronger than itself.
func covers(p perm.Principal, org uuid.UUID, g perm.Grant) bool {
	if g.EntityType == perm.Organizations {
		return p.Can(g.Action, perm.Resource{OrganizationID: org, Area: perm.Area(g.Name)})
	}
	res := func(area perm.Area, folders ...uuid.UUID) perm.Resource {
		return perm.Resource{OrganizationID: org, Area: area, ProjectID: g.EntityID, FolderPath: folders}
	}
	listed := map[perm.Area]bool{}
	for _, x := range g.Permissions {
		listed[x.Area] = true
		if !x.Custom {
			if !p.Can(x.Action, res(x.Area)) {
				return false
			}
			continue
		}
		for _, f := range x.Folders {
			if !p.Can(f.Action, res(perm.Folders, f.FolderID)) {
				return false
			}
		}
	}
	if g.Action == 0 {
		return true
	}
	for _, area := range append([]perm.Area{perm.Project}, perm.ProjectAreas...) {
		if !listed[area] && !p.Can(g.Action, res(area)) {
			return false
		}
	}
	return true
}
