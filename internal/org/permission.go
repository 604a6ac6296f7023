package org

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/video"
)

// PermissionQuestion asks whether the caller may do Action on the area Name of
// an organization or a project (and, for folders, one folder of it).
type PermissionQuestion struct {
	// EntityType is "projects" or "organizations".
	EntityType string
	// EntityID is the project (required) or the organization (default: the
	// caller's current one).
	EntityID *uuid.UUID
	// Name is the area: billing or api for an organization; folders,
	// livestreams, analytics, advertisements, settings or project for a project.
	Name string
	// Action is read, write or delete joined by +.
	Action string
	// FolderID narrows a project question to one folder (and its ancestry).
	FolderID *uuid.UUID
}

// PermissionAnswer is the decision function's answer for the caller.
type PermissionAnswer struct {
	// Allowed is the decision.
	Allowed bool
	// Action is the action asked, in its normal form.
	Action string
	// Role is the caller's role in its current organization.
	Role string
}

// TestPermission answers the decision function (internal/perm) for the caller.
func (s *Service) TestPermission(ctx context.Context, q PermissionQuestion) (*PermissionAnswer, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, fault.Errorf(fault.KindUnauthenticated, "sign in required")
	}
	a, err := perm.ParseAction(q.Action)
	if err != nil || a == 0 {
		return nil, fault.FieldError("action", "must be read, write or delete joined by +")
	}
	res := perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Area(q.Name)}
	switch perm.EntityType(q.EntityType) {
	case perm.Organizations:
		if !slices.Contains(perm.OrganizationAreas, res.Area) {
			return nil, fault.FieldError("name", "an organization permission is billing or api")
		}
		if q.EntityID != nil {
			res.OrganizationID = *q.EntityID
		}
	case perm.Projects:
		if !slices.Contains(perm.ProjectAreas, res.Area) && res.Area != perm.Project {
			return nil, fault.FieldError("name", "a project permission is folders, livestreams, analytics, advertisements, settings or project")
		}
		if q.EntityID == nil {
			return nil, fault.FieldError("entityID", "the project is required")
		}
		if res, err = s.projectResource(ctx, res, *q.EntityID, q.FolderID); err != nil {
			return nil, err
		}
	default:
		return nil, fault.FieldError("entityType", "must be projects or organizations")
	}
	return &PermissionAnswer{Allowed: p.Perm().Can(a, res), Action: a.String(), Role: string(p.Role)}, nil
}

// projectResource completes a project question's resource: the project's own
// organization decides, whatever the caller believes, and a folder brings its
// ancestry.
func (s *Service) projectResource(ctx context.Context, res perm.Resource, projectID uuid.UUID, folderID *uuid.UUID) (perm.Resource, error) {
	client := s.db(ctx)
	res.ProjectID = projectID
	pr, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return res, fault.NotFound("project")
	} else if err != nil {
		return res, err
	}
	res.OrganizationID = pr.OrganizationID
	if folderID == nil {
		return res, nil
	}
	// The whole tree, though the caller may see only part of it: the answer is
	// one boolean about a folder of a project it can see.
	links, err := video.LoadFolderLinks(tenancy.SystemContext(ctx, "testPermission: a folder's ancestry"), client, pr.ID)
	if err != nil {
		return res, err
	}
	path := links.Ancestry(*folderID)
	if path == nil {
		return res, fault.NotFound("folder")
	}
	res.FolderPath = path
	return res, nil
}
