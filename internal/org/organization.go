package org

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// UpdateOrganization changes an organization's fields; whether the caller may
// is the tenancy rules' call.
func (s *Service) UpdateOrganization(ctx context.Context, id uuid.UUID, input ent.UpdateOrganizationInput) (*ent.Organization, error) {
	var o *ent.Organization
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) (err error) {
		o, err = client.Organization.UpdateOneID(id).SetInput(input).Save(ctx)
		return err
	})
	return o, err
}
