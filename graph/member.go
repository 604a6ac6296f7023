package graph

import (
	"context"
	"encoding/json"
	"errors"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// requireOrganization returns the caller when it acts in a current organization.
func requireOrganization(ctx context.Context) (*auth.Principal, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, Errorf(KindUnauthenticated, "sign in required")
	}
	if p.OrganizationID == uuid.Nil {
		return nil, Errorf(KindForbidden, "no current organization: switch to one of yours first")
	}
	return p, nil
}

// requireOrgAdmin returns the caller when it is a signed-in owner or admin of
// its current organization.
func requireOrgAdmin(ctx context.Context) (*auth.Principal, error) {
	p, err := requireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.IsUser() || !p.IsOrgAdmin() {
		return nil, Errorf(KindForbidden, "only the organization's owners and admins may do this")
	}
	return p, nil
}

// grantsValue is grants in the array form of docs/spec.md 2.4, as a JSON value.
func grantsValue(grants []perm.Grant) (any, error) {
	if grants == nil {
		grants = []perm.Grant{}
	}
	raw, err := json.Marshal(grants)
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(raw, &v)
	return v, err
}

// parseGrants reads permissions in either form, refusing malformed ones with the
// field at fault, and checks that they name this organization's projects and
// folders (INVALID_INPUT otherwise).
func (r *Resolver) parseGrants(ctx context.Context, field string, value any, org uuid.UUID) ([]perm.Grant, error) {
	grants, err := perm.Parse(field, value)
	var fe *perm.FieldError
	if errors.As(err, &fe) {
		return nil, FieldError(fe.Field, "%s", fe.Message)
	} else if err != nil {
		return nil, err
	}
	client := r.db(ctx)
	for i, g := range grants {
		at := field
		if _, isArray := value.([]any); isArray {
			at = field + "[" + itoa(i) + "]"
		}
		switch {
		case g.EntityID == uuid.Nil:
		case g.EntityType == perm.Organizations && g.EntityID != org:
			return nil, FieldError(at+".entity_id", "must be the current organization")
		case g.EntityType == perm.Projects:
			ok, err := client.Project.Query().Where(project.ID(g.EntityID), project.OrganizationID(org)).Exist(ctx)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, FieldError(at+".entity_id", "no such project in this organization")
			}
		}
	}
	return grants, nil
}

func itoa(i int) string {
	raw, _ := json.Marshal(i)
	return string(raw)
}

// members lists the current organization's members, oldest first.
func (r *Resolver) members(ctx context.Context, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int) (*ent.MembershipConnection, error) {
	p, err := requireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.IsUser() {
		return nil, Errorf(KindForbidden, "API keys cannot list members")
	}
	return r.db(ctx).Membership.Query().Where(membership.OrganizationID(p.OrganizationID)).
		Paginate(ctx, after, first, before, last)
}

// memberOf finds a user's membership in the current organization (NOT_FOUND when none).
func (r *Resolver) memberOf(ctx context.Context, org, userID uuid.UUID) (*ent.Membership, error) {
	m, err := r.db(ctx).Membership.Query().Where(membership.OrganizationID(org), membership.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("member")
	}
	return m, err
}

// lastOwner reports whether m is the only owner of its organization.
func (r *Resolver) lastOwner(ctx context.Context, m *ent.Membership) (bool, error) {
	if m.Role != membership.RoleOwner {
		return false, nil
	}
	n, err := r.db(ctx).Membership.Query().
		Where(membership.OrganizationID(m.OrganizationID), membership.RoleEQ(membership.RoleOwner)).Count(ctx)
	return n <= 1, err
}

// updateMember changes a member's role and grants. Only owners make or unmake
// owners; the last owner cannot be demoted.
func (r *Resolver) updateMember(ctx context.Context, userID uuid.UUID, role *membership.Role, permissions any) (*ent.Membership, error) {
	p, err := requireOrgAdmin(ctx)
	if err != nil {
		return nil, err
	}
	m, err := r.memberOf(ctx, p.OrganizationID, userID)
	if err != nil {
		return nil, err
	}
	upd := r.db(ctx).Membership.UpdateOne(m)
	if role != nil && *role != m.Role {
		if (m.Role == membership.RoleOwner || *role == membership.RoleOwner) && p.Role != perm.Owner {
			return nil, Errorf(KindForbidden, "only owners make or unmake owners")
		}
		if last, err := r.lastOwner(ctx, m); err != nil {
			return nil, err
		} else if last {
			return nil, Errorf(KindConflict, "the last owner cannot be demoted: make another member owner first")
		}
		upd.SetRole(*role)
	}
	if permissions != nil {
		grants, err := r.parseGrants(ctx, "permissions", permissions, p.OrganizationID)
		if err != nil {
			return nil, err
		}
		upd.SetGrants(grants)
	}
	return upd.Save(ctx)
}

// removeMember removes a member from the current organization; anyone may leave,
// but not the last owner, and only owners remove owners.
func (r *Resolver) removeMember(ctx context.Context, userID uuid.UUID) (uuid.UUID, error) {
	p, err := requireOrganization(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	if !p.IsUser() {
		return uuid.Nil, Errorf(KindForbidden, "API keys cannot remove members")
	}
	m, err := r.memberOf(ctx, p.OrganizationID, userID)
	if err != nil {
		return uuid.Nil, err
	}
	if userID != p.UserID {
		if !p.IsOrgAdmin() {
			return uuid.Nil, Errorf(KindForbidden, "only the organization's owners and admins remove members")
		}
		if m.Role == membership.RoleOwner && p.Role != perm.Owner {
			return uuid.Nil, Errorf(KindForbidden, "only owners remove owners")
		}
	}
	if last, err := r.lastOwner(ctx, m); err != nil {
		return uuid.Nil, err
	} else if last {
		return uuid.Nil, Errorf(KindConflict, "the last owner cannot leave: make another member owner first")
	}
	if err := r.db(ctx).Membership.DeleteOne(m).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	return userID, nil
}

// testPermission answers the decision function for the caller.
func (r *Resolver) testPermission(ctx context.Context, entityType string, entityID *uuid.UUID, name, action string, folderID *uuid.UUID) (*model.PermissionTest, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, Errorf(KindUnauthenticated, "sign in required")
	}
	a, err := perm.ParseAction(action)
	if err != nil || a == 0 {
		return nil, FieldError("action", "must be read, write or delete joined by +")
	}
	res := perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Area(name)}
	switch perm.EntityType(entityType) {
	case perm.Organizations:
		if !contains(perm.OrganizationAreas, res.Area) {
			return nil, FieldError("name", "an organization permission is billing or api")
		}
		if entityID != nil {
			res.OrganizationID = *entityID
		}
	case perm.Projects:
		if !contains(perm.ProjectAreas, res.Area) && res.Area != perm.Project {
			return nil, FieldError("name", "a project permission is folders, livestreams, analytics, advertisements, settings or project")
		}
		if entityID == nil {
			return nil, FieldError("entityID", "the project is required")
		}
		res.ProjectID = *entityID
		// The project's own organization decides, whatever the caller believes.
		pr, err := r.db(ctx).Project.Query().Where(project.ID(*entityID)).Only(ctx)
		if ent.IsNotFound(err) {
			return nil, NotFound("project")
		} else if err != nil {
			return nil, err
		}
		res.OrganizationID = pr.OrganizationID
		if folderID != nil {
			// The whole tree, though the caller may see only part of it: the answer is
			// one boolean about a folder of a project it can see.
			links, err := videolib.LoadFolderLinks(tenancy.SystemContext(ctx, "testPermission: a folder's ancestry"), r.db(ctx), pr.ID)
			if err != nil {
				return nil, err
			}
			path := links.Ancestry(*folderID)
			if path == nil {
				return nil, NotFound("folder")
			}
			res.FolderPath = path
		}
	default:
		return nil, FieldError("entityType", "must be projects or organizations")
	}
	return &model.PermissionTest{
		Allowed: p.Perm().Can(a, res), EntityType: entityType, EntityID: entityID, Name: name,
		Action: a.String(), Role: string(p.Role),
	}, nil
}

func contains(areas []perm.Area, a perm.Area) bool {
	for _, x := range areas {
		if x == a {
			return true
		}
	}
	return false
}
