package staticrendition

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place.
	Client *ent.Client
	// Queue queues the static renditions' jobs.
	Queue *jobs.Queue
}

// Service runs the rules of static renditions.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service {
	return &Service{d: d}
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }

// queue inserts the static rendition's job once the mutation commits; a
// failed insert is logged and the sweeper queues it again.
func (s *Service) queue(ctx context.Context, id uuid.UUID) {
	s.d.Queue.InsertAfterCommit(ctx, jobs.StaticRenditionArgs{ID: id}, "static_rendition_id", id)
}
