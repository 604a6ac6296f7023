package org

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
)

// Members lists the current organization's members, oldest first. API keys
// cannot list them.
func (s *Service) Members(ctx context.Context, page Page) (*ent.MembershipConnection, error) {
	p, err := RequireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.IsUser() {
		return nil, fault.Errorf(fault.KindForbidden, "API keys cannot list members")
	}
	return s.db(ctx).Membership.Query().Where(membership.OrganizationID(p.OrganizationID)).
		Paginate(ctx, page.After, page.First, page.Before, page.Last)
}

// MemberChange is what UpdateMember changes; nil fields stay.
type MemberChange struct {
	// Role is the member's new role.
	Role *membership.Role
	// Permissions are the member's new grants, in either permission form.
	Permissions any
}

// UpdateMember changes a member's role and grants. Only owners make or unmake
// owners; the last owner cannot be demoted.
func (s *Service) UpdateMember(ctx context.Context, userID uuid.UUID, change MemberChange) (*ent.Membership, error) {
	p, err := RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	var out *ent.Membership
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		m, err := memberOf(ctx, client, p.OrganizationID, userID)
		if err != nil {
			return err
		}
		upd := client.Membership.UpdateOne(m)
		if role := change.Role; role != nil && *role != m.Role {
			if (m.Role == membership.RoleOwner || *role == membership.RoleOwner) && p.Role != perm.Owner {
				return fault.Errorf(fault.KindForbidden, "only owners make or unmake owners")
			}
			if last, err := lastOwner(ctx, client, m); err != nil {
				return err
			} else if last {
				return fault.Errorf(fault.KindConflict, "the last owner cannot be demoted: make another member owner first")
			}
			upd.SetRole(*role)
		}
		if change.Permissions != nil {
			grants, err := parseGrants(ctx, client, "permissions", change.Permissions, p.OrganizationID)
			if err != nil {
				return err
			}
			upd.SetGrants(grants)
		}
		out, err = upd.Save(ctx)
		return err
	})
	return out, err
}

// RemoveMember removes a member from the current organization; anyone may
// leave, but not the last owner, and only owners remove owners.
func (s *Service) RemoveMember(ctx context.Context, userID uuid.UUID) (uuid.UUID, error) {
	p, err := RequireOrganization(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	if !p.IsUser() {
		return uuid.Nil, fault.Errorf(fault.KindForbidden, "API keys cannot remove members")
	}
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		m, err := memberOf(ctx, client, p.OrganizationID, userID)
		if err != nil {
			return err
		}
		if userID != p.UserID {
			if !p.IsOrgAdmin() {
				return fault.Errorf(fault.KindForbidden, "only the organization's owners and admins remove members")
			}
			if m.Role == membership.RoleOwner && p.Role != perm.Owner {
				return fault.Errorf(fault.KindForbidden, "only owners remove owners")
			}
		}
		if last, err := lastOwner(ctx, client, m); err != nil {
			return err
		} else if last {
			return fault.Errorf(fault.KindConflict, "the last owner cannot leave: make another member owner first")
		}
		return client.Membership.DeleteOne(m).Exec(ctx)
	})
	if err != nil {
		return uuid.Nil, err
	}
	return userID, nil
}

// memberOf finds a user's membership in an organization (NOT_FOUND when none).
func memberOf(ctx context.Context, client *ent.Client, org, userID uuid.UUID) (*ent.Membership, error) {
	m, err := client.Membership.Query().Where(membership.OrganizationID(org), membership.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("member")
	}
	return m, err
}

// lastOwner reports whether m is the only owner of its organization.
func lastOwner(ctx context.Context, client *ent.Client, m *ent.Membership) (bool, error) {
	if m.Role != membership.RoleOwner {
		return false, nil
	}
	n, err := client.Membership.Query().
		Where(membership.OrganizationID(m.OrganizationID), membership.RoleEQ(membership.RoleOwner)).Count(ctx)
	return n <= 1, err
}
