package project

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	entproject "github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Service runs the rules of projects and their settings.
type Service struct {
	client *ent.Client
}

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place (ent.FromContext).
	Client *ent.Client
}

// New builds a Service.
func New(d Deps) *Service { return &Service{client: d.Client} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// Require checks that a project exists (and is visible to the principal of
// ctx). With a field name the project was referred to by an input
// (INVALID_INPUT on that field); without, it was the subject of the request
// (NOT_FOUND).
func Require(ctx context.Context, client *ent.Client, id uuid.UUID, field string) error {
	ok, err := client.Project.Query().Where(entproject.ID(id)).Exist(ctx)
	switch {
	case err != nil:
		return err
	case ok:
		return nil
	case field == "":
		return fault.NotFound("project")
	default:
		return fault.FieldError(field, "project not found")
	}
}
