package reports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/fault"
)

// maxFilteredRange bounds the range of Filtered, as the dataset query's.
const maxFilteredRange = 400 * 24 * time.Hour

// FilteredCount is the input of one reason the collector dropped, in one hour
// (Hour) or over the whole range (Hour nil).
type FilteredCount struct {
	Reason string
	Count  int
	Hour   *time.Time
}

// Filtered reads what the collector dropped for a project in [start, end)
// (rangeOf's defaults), per reason and, with byHour, per hour: the
// analytics_drops counters the writer keeps by project, hour and reason.
func (s *Service) Filtered(ctx context.Context, projectID uuid.UUID, start, end *time.Time, byHour bool) ([]FilteredCount, error) {
	if err := requireRead(ctx, s.db(ctx), projectID); err != nil {
		return nil, err
	}
	from, to := rangeOf(start, end)
	if !to.After(from) {
		return nil, &fault.Error{Kind: fault.KindBadRequest, Field: "endTime", Message: "endTime must be after startTime"}
	}
	if to.Sub(from) > maxFilteredRange {
		return nil, &fault.Error{Kind: fault.KindBadRequest, Field: "startTime", Message: "the range is longer than 400 days"}
	}
	// An hour counts when it starts in [from, to): the first whole hour at or after from.
	fromHour := (from.Unix() + 3599) / 3600 * 3600
	counts, err := s.store.Drops(ctx, projectID, fromHour, to.Unix(), byHour)
	if err != nil {
		return nil, err
	}
	out := make([]FilteredCount, 0, len(counts))
	for _, dc := range counts {
		c := FilteredCount{Reason: dc.Reason, Count: int(dc.Count)}
		if byHour {
			at := time.Unix(dc.Hour, 0).UTC()
			c.Hour = &at
		}
		out = append(out, c)
	}
	return out, nil
}
