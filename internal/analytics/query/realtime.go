package query

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Concurrent is the number of views of the project playing at now (see
// ConcurrentViewers and ConcurrentWindow) among those the filters keep: the
// realtime figure without the rest of a dataset query.
func Concurrent(ctx context.Context, db Querier, projectID uuid.UUID, filters []Filter, now time.Time) (int64, error) {
	if err := checkFilters("filters", filters); err != nil {
		return 0, err
	}
	q := &Query{Now: now}
	st := compileOne(projectID, q, []Metric{ConcurrentViewers}, nil, filters)
	_, totals, err := runTotal(ctx, db, st, 1)
	if err != nil {
		return 0, err
	}
	if totals[0] == nil {
		return 0, nil
	}
	return int64(*totals[0]), nil
}
