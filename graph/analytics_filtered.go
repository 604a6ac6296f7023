package graph

import (
	"context"
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
	counts, err := r.analyticsStore.Drops(ctx, projectID, from, e.Unix(), perHour)
	if err != nil {
		return nil, err
	}
	out := make([]*model.AnalyticsFilteredCount, 0, len(counts))
	for _, dc := range counts {
		c := &model.AnalyticsFilteredCount{Reason: dc.Reason, Count: int(dc.Count)}
		if perHour {
			at := time.Unix(dc.Hour, 0).UTC()
			c.Hour = &at
		}
		out = append(out, c)
	}
	return out, nil
}
