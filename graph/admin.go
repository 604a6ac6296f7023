package graph

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent/organization"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/usage"
)

// adminOrganizations lists every organization with this UTC month's usage so
// far, for the admin host, from the same figures as the usage endpoints:
// traffic in bytes delivered, storage as the average bytes stored over the
// month so far, videoDuration as the average seconds of video stored.
func (r *Resolver) adminOrganizations(ctx context.Context) ([]*model.OrganizationUsage, error) {
	if !auth.IsAdmin(ctx) {
		return nil, Errorf(KindForbidden, "the admin host only: GET /v1/admin/organizations with X-API-Key set to the admin key")
	}
	orgs, err := r.db(ctx).Organization.Query().Order(organization.ByCreatedAt(), organization.ByID()).All(ctx)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	from := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	secs := now.Sub(from).Seconds()
	month := from.Format("2006-01")
	out := make([]*model.OrganizationUsage, len(orgs))
	for i, o := range orgs {
		totals, err := usage.Totals(ctx, r.client, o.ID, from, now)
		if err != nil {
			return nil, err
		}
		u := &model.OrganizationUsage{ID: o.ID, Name: o.Name, Month: month, Traffic: float64(totals[usage.DeliveredBytes])}
		if secs > 0 {
			u.Storage = float64(totals[usage.StoredByteSeconds]) / secs
			u.VideoDuration = float64(totals[usage.StoredVideoSeconds]) / secs
		}
		out[i] = u
	}
	return out, nil
}
