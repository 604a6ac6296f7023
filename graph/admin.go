package graph

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/auth"
	"github.com/vidra-dev/vidra/ent/organization"
	"github.com/vidra-dev/vidra/graph/model"
)

// adminOrganizations lists every organization with this month's usage, for the
// admin host. Usage is not measured yet: the figures are 0 until it is.
func (r *Resolver) adminOrganizations(ctx context.Context) ([]*model.OrganizationUsage, error) {
	if !auth.IsAdmin(ctx) {
		return nil, Errorf(KindForbidden, "the admin host only: GET /v1/admin/organizations with X-API-Key set to the admin key")
	}
	orgs, err := r.db(ctx).Organization.Query().Order(organization.ByCreatedAt(), organization.ByID()).All(ctx)
	if err != nil {
		return nil, err
	}
	month := time.Now().UTC().Format("2006-01")
	out := make([]*model.OrganizationUsage, len(orgs))
	for i, o := range orgs {
		out[i] = &model.OrganizationUsage{ID: o.ID, Name: o.Name, Month: month}
	}
	return out, nil
}
