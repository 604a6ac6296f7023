package ingestapi

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place.
	Client *ent.Client
	// Events records webhook events with the changes that cause them; nil
	// records none.
	Events *webhooks.Recorder
	// Limits is the billing limit state a new upload or pull is checked
	// against; nil checks nothing.
	Limits *billing.Limits
	// Queue receives import jobs after their change commits.
	Queue *jobs.Queue
	// PublicURL is the address clients see (VIDRA_PUBLIC_URL), for the upload URLs.
	PublicURL string
	// MaxUploadSize is the largest upload a token may admit.
	MaxUploadSize int64
	// Log receives the failures to queue an import (the sweeper queues it again).
	Log *slog.Logger
}

// Service runs the rules of upload tokens and pulls.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{d: d}
}

// record records a webhook event in the transaction of ctx.
func (s *Service) record(ctx context.Context, typ string, projectID uuid.UUID, data any) error {
	if s.d.Events == nil {
		return nil
	}
	return s.d.Events.RecordInContext(ctx, typ, projectID, data)
}

// inTx runs fn in the transaction of ctx when there is one, else in a new one
// (txn.Join).
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, client *ent.Client) error) error {
	return txn.Join(ctx, s.d.Client, fn)
}

// checkLimits refuses a new video of a project whose organization is over a
// billing limit (PAYMENT_REQUIRED).
func (s *Service) checkLimits(projectID uuid.UUID) error {
	if err := s.d.Limits.CheckProject(projectID); err != nil {
		return billing.Fault(err)
	}
	return nil
}
