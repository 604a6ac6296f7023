package captiongen

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/speech"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place.
	Client *ent.Client
	// Queue queues the generations' jobs.
	Queue *jobs.Queue
	// Engine is the deployment's speech engine; nil when automatic captions
	// are off (VIDRA_CAPTIONS_ENGINE=off).
	Engine speech.Engine
}

// Service runs the rules of caption generations.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service {
	return &Service{d: d}
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }

// queue inserts the generation's job once the mutation commits; a failed
// insert is logged and the sweeper queues it again.
func (s *Service) queue(ctx context.Context, id uuid.UUID) {
	s.d.Queue.InsertAfterCommit(ctx, jobs.GenerateCaptionsArgs{GenerationID: id}, "caption_generation_id", id)
}
