package encodingprofile

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/txn"
)

// maxProfiles caps the encoding profiles of a project.
const maxProfiles = 50

// Input is a profile's name and ladder, as a create or a full update gives
// them.
type Input struct {
	Name       string
	Renditions []*ladder.Rendition
}

// Service runs the rules of encoding profiles.
type Service struct {
	client *ent.Client
}

// New builds a Service over the root ent client; a context's own client (a
// transaction's) takes its place.
func New(client *ent.Client) *Service { return &Service{client: client} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }
