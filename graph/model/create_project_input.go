package model

import (
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
)

// CreateProjectInput is createProject's input: the fields ent generates, and the
// organization, which defaults to the caller's current one.
type CreateProjectInput struct {
	ent.CreateProjectInput
	// OrganizationID names the organization the project belongs to; nil means
	// the current organization of the caller's session or API key.
	OrganizationID *uuid.UUID `json:"organizationID,omitempty"`
}
