package endpoint

import (
	"context"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place.
	Client *ent.Client
	// Events records and resends events (nil: resending is refused).
	Events *webhooks.Recorder
	// AllowPlainHTTP accepts http:// endpoint URLs (VIDRA_ALLOW_PRIVATE_NETWORKS).
	AllowPlainHTTP bool
	// SecretOverlap is the default time both secrets sign after a rotation.
	SecretOverlap time.Duration
}

// Service runs the rules of webhook endpoints.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service { return &Service{d: d} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }
