package org

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
)

// RequireOrganization returns the caller when it acts in a current organization.
func RequireOrganization(ctx context.Context) (*auth.Principal, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, fault.Errorf(fault.KindUnauthenticated, "sign in required")
	}
	if p.OrganizationID == uuid.Nil {
		return nil, fault.Errorf(fault.KindForbidden, "no current organization: switch to one of yours first")
	}
	return p, nil
}

// RequireAdmin returns the caller when it is a signed-in owner or admin of
// its current organization.
func RequireAdmin(ctx context.Context) (*auth.Principal, error) {
	p, err := RequireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	if !p.IsUser() || !p.IsOrgAdmin() {
		return nil, fault.Errorf(fault.KindForbidden, "only the organization's owners and admins may do this")
	}
	return p, nil
}
