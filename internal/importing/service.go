package importing

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/sliceset"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a
	// transaction's) takes its place.
	Client *ent.Client
	// Vimeo is the Vimeo API credentials are checked against; nil: setting a
	// Vimeo importer fails (INTERNAL, not configured).
	Vimeo *vimeo.Client
	// Queue receives the sync and import jobs once their mutation commits.
	Queue *jobs.Queue
	// Pulls creates the imported videos as pulls from a URL are: announced
	// and their import queued after commit (internal/ingestapi).
	Pulls *ingestapi.Service
}

// Service runs the rules of importers, their migrations and imports.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service {
	return &Service{d: d}
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }

// requireProjectWrite finds a project the caller may write content into, before
// work that leaves the process (asking the provider): NOT_FOUND when the caller
// cannot see it, FORBIDDEN when it may only read it. The tenancy hooks decide
// again on every row written. (internal/project's Require checks only that
// the project is visible.)
func requireProjectWrite(ctx context.Context, client *ent.Client, projectID uuid.UUID) error {
	p, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return fault.FieldError("projectID", "project not found")
	}
	if err != nil {
		return err
	}
	pr := auth.FromContext(ctx)
	if pr == nil || pr.Perm().Can(perm.Write, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Folders, ProjectID: p.ID}) {
		return nil // no principal: system work, which the tenancy rules allow
	}
	return fault.Errorf(fault.KindForbidden, "not allowed: importing into the project needs the write permission")
}

// chosenIDs are the provider ids a client named, trimmed, without blanks and
// repeats, in the order sent (the first one refused is the one reported).
func chosenIDs(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return sliceset.Unique(out)
}
