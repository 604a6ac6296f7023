package graph

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/model"
)

// maxFilteredRange bounds the range of analyticsFiltered, as the dataset query's.
const maxFilteredRange = 400 * 24 * time.Hour

// analyticsFiltered reads what the collector dropped for a project (the
// analytics_drops counters the writer keeps by project, hour and reason).
func (r *Resolver) analyticsFiltered(ctx context.Context, projectID uuid.UUID, start, end *time.Time, byHour *bool) ([]*model.AnalyticsFilteredCount, error) {
	if err := requireAnalyticsRead(ctx, r.db(ctx), projectID); err != nil {
		return nil, err
	}
	s, e := analyticsRange(start, end)
	if !e.After(s) {
		return nil, &Error{Kind: KindBadRequest, Field: "endTime", Message: "endTime must be after startTime"}
	}
	if e.Sub(s) > maxFilteredRange {
		return nil, &Error{Kind: KindBadRequest, Field: "startTime", Message: "the range is longer than 400 days"}
	}
	// An hour counts when it starts in [s, e): the first whole hour at or after s.
	from := (s.Unix() + 3599) / 3600 * 3600
	perHour := byHour != nil && *byHour
	stmt := `SELECT reason, SUM(count) AS n FROM analytics_drops WHERE project_id = $1 AND hour >= $2 AND hour < $3
		GROUP BY reason ORDER BY n DESC, reason`
	if perHour {
		stmt = `SELECT reason, hour, count FROM analytics_drops WHERE project_id = $1 AND hour >= $2 AND hour < $3
		ORDER BY hour, reason`
	}
	rows, err := r.sqlDB.QueryContext(ctx, stmt, projectID, from, e.Unix())
	if err != nil {
		return nil, fmt.Errorf("analytics filtered: %w", err)
	}
	defer rows.Close()
	out := []*model.AnalyticsFilteredCount{}
	for rows.Next() {
		c := &model.AnalyticsFilteredCount{}
		var n int64
		if perHour {
			var hour int64
			err = rows.Scan(&c.Reason, &hour, &n)
			at := time.Unix(hour, 0).UTC()
			c.Hour = &at
		} else {
			err = rows.Scan(&c.Reason, &n)
		}
		if err != nil {
			return nil, fmt.Errorf("analytics filtered: %w", err)
		}
		c.Count = int(n)
		out = append(out, c)
	}
	return out, rows.Err()
}
