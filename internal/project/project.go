package project

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/organization"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Create creates a project in the organization named by orgID, or, when it is
// nil, in the caller's current one. Whether the caller may create in a named
// organization is the tenancy rules' call, as for any other write.
func (s *Service) Create(ctx context.Context, orgID *uuid.UUID, input ent.CreateProjectInput) (*ent.Project, error) {
	org, err := organizationOrCurrent(ctx, orgID)
	if err != nil {
		return nil, err
	}
	var p *ent.Project
	err = txn.Join(ctx, s.client, func(ctx context.Context, client *ent.Client) error {
		ok, err := client.Organization.Query().Where(organization.ID(org)).Exist(ctx)
		if err != nil {
			return err
		}
		if !ok {
			return fault.FieldError("organizationID", "organization not found")
		}
		p, err = client.Project.Create().SetInput(input).SetOrganizationID(org).Save(ctx)
		return err
	})
	return p, err
}

// Update changes a project's fields.
func (s *Service) Update(ctx context.Context, id uuid.UUID, input ent.UpdateProjectInput) (*ent.Project, error) {
	var p *ent.Project
	err := txn.Join(ctx, s.client, func(ctx context.Context, client *ent.Client) (err error) {
		p, err = client.Project.UpdateOneID(id).SetInput(input).Save(ctx)
		return err
	})
	return p, err
}

// organizationOrCurrent returns the organization a create names, or, when it
// names none, the current organization of the caller's session or API key.
func organizationOrCurrent(ctx context.Context, named *uuid.UUID) (uuid.UUID, error) {
	if named != nil {
		return *named, nil
	}
	p := auth.FromContext(ctx)
	if p == nil {
		return uuid.Nil, fault.Errorf(fault.KindUnauthenticated, "sign in or send an API key")
	}
	if p.OrganizationID == uuid.Nil {
		return uuid.Nil, fault.FieldError("organizationID", "must be given: the caller has no current organization")
	}
	return p.OrganizationID, nil
}
