package account

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/organization"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// CreateOrganization creates an organization owned by the signed-in caller.
func (svc *Service) CreateOrganization(ctx context.Context, input ent.CreateOrganizationInput) (*ent.Organization, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	client := svc.db(ctx)
	org, err := client.Organization.Create().SetInput(input).Save(ctx)
	if err != nil {
		return nil, err
	}
	// The creator is not yet a member of the new organization: the membership that
	// makes it owner is the one the tenancy rules cannot judge.
	sys := tenancy.SystemContext(ctx, "createOrganization: the creator becomes owner")
	if err := client.Membership.Create().SetOrganizationID(org.ID).SetUserID(p.UserID).SetRole(membership.RoleOwner).Exec(sys); err != nil {
		return nil, err
	}
	return org, nil
}

// SwitchOrganization moves the caller's session to another of its
// organizations and issues the session's new tokens, whose access token names
// it.
func (svc *Service) SwitchOrganization(ctx context.Context, id uuid.UUID) (*Tokens, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	client := svc.db(ctx)
	// Organizations are visible to their members only: anything else is NOT_FOUND.
	if ok, err := client.Organization.Query().Where(organization.ID(id)).Exist(ctx); err != nil {
		return nil, err
	} else if !ok {
		return nil, fault.NotFound("organization")
	}
	s, err := client.Session.UpdateOneID(p.SessionID).Where(session.RevokedAtIsNil()).SetOrganizationID(id).Save(ctx)
	if err != nil {
		return nil, err
	}
	u, err := client.User.Get(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	return svc.issueTokens(ctx, client, u, s)
}
