package reports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// Viewers is the number of views playing at AsOf (to the second): those with
// an event in the Window before it.
type Viewers struct {
	Count  int
	AsOf   time.Time
	Window time.Duration
}

// Concurrent counts a project's (or one video's) views playing now, with the
// analytics read permission on the project, as Query asks.
func (s *Service) Concurrent(ctx context.Context, projectID uuid.UUID, videoID *uuid.UUID) (*Viewers, error) {
	client := s.db(ctx)
	if err := requireRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	filters, err := Scope{MediaID: videoID}.filters(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	n, err := s.store.Concurrent(ctx, projectID, filters, now)
	if err != nil {
		return nil, queryError(err)
	}
	return &Viewers{Count: int(n), AsOf: now.Truncate(time.Second), Window: query.ConcurrentWindow}, nil
}
