package reports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// Query runs the dataset query q over a project's views, narrowed to scope,
// in [start, end) (rangeOf's defaults); its Start and End are set here. The
// answer is nil when nothing matched.
func (s *Service) Query(ctx context.Context, projectID uuid.UUID, q *query.Query, start, end *time.Time, scope Scope) (*query.Result, error) {
	client := s.db(ctx)
	if err := requireRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	filters, err := scope.filters(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	q.Start, q.End = rangeOf(start, end)
	q.Filters = append(filters, q.Filters...)
	res, err := s.store.Query(ctx, projectID, q)
	if err != nil {
		return nil, queryError(err)
	}
	return res, nil
}
