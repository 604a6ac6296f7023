package playbackapi

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place.
	Client *ent.Client
	// Signer signs playback tokens.
	Signer *playback.Signer
	// Policies give each project's playback policy (token lifetimes).
	Policies playback.PolicySource
	// PublicURL is the address clients see (VIDRA_PUBLIC_URL), without a
	// trailing slash.
	PublicURL string
}

// Service answers playback URLs and signs playback tokens.
type Service struct {
	d Deps
}

// New builds a Service.
func New(d Deps) *Service { return &Service{d: d} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.d.Client) }

// URL is the public URL of a file of a video's playback, e.g. "master.m3u8".
func (s *Service) URL(videoID uuid.UUID, file string) string {
	return fmt.Sprintf("%s/v1/play/%s/%s", s.d.PublicURL, videoID, file)
}
