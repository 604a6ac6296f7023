package query

import (
	"context"

	"github.com/google/uuid"
)

// RunViewsOnly is Run reading analytics_views alone, never the rollups: the
// reference the rollup-backed plan is tested against.
func RunViewsOnly(ctx context.Context, db Querier, dialectName string, projectID uuid.UUID, q *Query) (*Result, error) {
	return Run(withViewsOnly(ctx), db, dialectName, projectID, q)
}
