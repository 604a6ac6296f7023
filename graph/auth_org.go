package graph

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// createOrganization creates an organization owned by the signed-in caller.
func (r *Resolver) createOrganization(ctx context.Context, input ent.CreateOrganizationInput) (*ent.Organization, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	client := r.db(ctx)
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
