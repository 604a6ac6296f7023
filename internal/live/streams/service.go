package streams

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a
	// transaction's) takes its place.
	Client *ent.Client
	// Events records webhook events with the mutations that cause them; nil
	// records nothing (tests of other packages).
	Events *webhooks.Recorder
	// Outbound is the address policy simulcast target URLs must pass when
	// saved (the ingest applies it again when it connects).
	Outbound netguard.Policy
}

// Service runs the rules of live streams and their simulcast targets.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service { return &Service{d: d} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }

// record records a webhook event in the transaction of ctx.
func (s *Service) record(ctx context.Context, typ string, projectID uuid.UUID, data any) error {
	if s.d.Events == nil {
		return nil
	}
	return s.d.Events.RecordInContext(ctx, typ, projectID, data)
}

// projectStream loads a live stream of a project; NOT_FOUND when the project
// has no such stream.
func projectStream(ctx context.Context, client *ent.Client, projectID, id uuid.UUID) (*ent.LiveStream, error) {
	st, err := client.LiveStream.Query().Where(livestream.ID(id), livestream.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("live stream")
	}
	return st, err
}
