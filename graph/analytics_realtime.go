package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// concurrentViewers counts a project's (or one video's) views playing now,
// with the analytics read permission on the project, as analytics(...) asks.
func (r *Resolver) concurrentViewers(ctx context.Context, projectID uuid.UUID, videoID *uuid.UUID) (*model.ConcurrentViewers, error) {
	client := r.db(ctx)
	if err := requireAnalyticsRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	scope, err := analyticsScope(ctx, client, projectID, nil, videoID, nil)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	n, err := r.analyticsStore.Concurrent(ctx, projectID, scope, now)
	if err != nil {
		return nil, analyticsError(err)
	}
	return &model.ConcurrentViewers{Count: int(n), AsOf: now.Truncate(time.Second),
		WindowSeconds: int(query.ConcurrentWindow / time.Second)}, nil
}
