package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
)

// organizationOrCurrent returns the organization a create names, or, when it
// names none, the current organization of the caller's session or API key.
// Whether the caller may create in a named organization is the privacy rules'
// call, as for any other write.
func organizationOrCurrent(ctx context.Context, named *uuid.UUID) (uuid.UUID, error) {
	if named != nil {
		return *named, nil
	}
	p := auth.FromContext(ctx)
	if p == nil {
		return uuid.Nil, Errorf(KindUnauthenticated, "sign in or send an API key")
	}
	if p.OrganizationID == uuid.Nil {
		return uuid.Nil, FieldError("organizationID", "must be given: the caller has no current organization")
	}
	return p.OrganizationID, nil
}
