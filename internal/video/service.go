package video

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Service runs the video library's rules.
type Service struct {
	client  *ent.Client
	dialect string
	events  *webhooks.Recorder
	bucket  *blob.Bucket
	log     *slog.Logger
}

// Deps are what a Service is built from.
type Deps struct {
	// Client is the root ent client; a context's own client (a transaction's)
	// takes its place (ent.FromContext).
	Client *ent.Client
	// Dialect is entgo.io/ent/dialect.SQLite or dialect.Postgres (search differs).
	Dialect string
	// Events records webhook events with the changes that cause them; nil
	// records none (tests of other packages).
	Events *webhooks.Recorder
	// Bucket holds the captions' WebVTT files.
	Bucket *blob.Bucket
	// Log takes what fails after the answer is decided (a blob left behind).
	Log *slog.Logger
}

// New builds a Service.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{client: d.Client, dialect: d.Dialect, events: d.Events, bucket: d.Bucket, log: d.Log}
}

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// inTx runs fn in the transaction of ctx when there is one, else in a new one
// that it commits when fn succeeds and rolls back when it fails (txn.Join).
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, client *ent.Client) error) error {
	return txn.Join(ctx, s.client, fn)
}

// record records a webhook event in the transaction of ctx.
func (s *Service) record(ctx context.Context, typ string, projectID uuid.UUID, data any) error {
	if s.events == nil {
		return nil
	}
	return s.events.RecordInContext(ctx, typ, projectID, data)
}

// inOrder arranges loaded entities in the order of the ids asked for.
func inOrder[T any](items []T, ids []uuid.UUID, idOf func(T) uuid.UUID) []T {
	byID := make(map[uuid.UUID]T, len(items))
	for _, it := range items {
		byID[idOf(it)] = it
	}
	out := make([]T, 0, len(ids))
	for _, id := range ids {
		if it, ok := byID[id]; ok {
			out = append(out, it)
		}
	}
	return out
}
