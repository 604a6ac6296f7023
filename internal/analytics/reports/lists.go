package reports

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// User is a player-reported user with views in a range.
type User struct {
	UserID         string
	Views          int
	TotalWatchTime float64
}

// Video is a video with views in a range.
type Video struct {
	MediaID        uuid.UUID
	Views          int
	UniqueViewers  int
	TotalWatchTime float64
}

// Users lists the player-reported users with views in [start, end), by id:
// the dataset query grouped by user_id, paged by the last id.
func (s *Service) Users(ctx context.Context, projectID uuid.UUID, start, end *time.Time, first *int, after *string) (*Page[User], error) {
	if err := requireRead(ctx, s.db(ctx), projectID); err != nil {
		return nil, err
	}
	n, err := pageSize(first)
	if err != nil {
		return nil, err
	}
	from, to := rangeOf(start, end)
	last := ""
	if after != nil {
		last = *after
	}
	// gt "" leaves out the views without a user.
	q := &query.Query{Start: from, End: to, GroupBys: []query.Dimension{query.UserID}, Limit: n + 1,
		Filters: []query.Filter{{Field: query.UserID, Operator: query.GT, Values: []string{last}}},
		Metrics: []query.MetricQuery{{Name: query.Views}, {Name: query.TotalWatchTime}}}
	res, err := s.store.Query(ctx, projectID, q)
	if err != nil {
		return nil, queryError(err)
	}
	out := &Page[User]{Edges: []Edge[User]{}}
	if res == nil {
		return out, nil
	}
	views, watch := res.Metrics[0].Rows, res.Metrics[1].Rows
	for i, row := range views {
		if i == n {
			out.HasNextPage = true
			break
		}
		id := *row.Keys[0].Value
		out.add(User{UserID: id, Views: int(valueOr0(row.Value)), TotalWatchTime: valueOr0(watch[i].Value)}, id)
	}
	return out, nil
}

// Videos lists the videos with views in [start, end), by id: the dataset query
// grouped by media_id (one user's with userID), paged by the last id.
func (s *Service) Videos(ctx context.Context, projectID uuid.UUID, userID *string, start, end *time.Time, first *int, after *string) (*Page[Video], error) {
	client := s.db(ctx)
	if err := requireRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	filters, err := Scope{UserID: userID}.filters(ctx, client, projectID)
	if err != nil {
		return nil, err
	}
	n, err := pageSize(first)
	if err != nil {
		return nil, err
	}
	from, to := rangeOf(start, end)
	if after != nil {
		if uuid.Validate(*after) != nil {
			return nil, badCursor()
		}
		filters = append(filters, query.Filter{Field: query.MediaID, Operator: query.GT, Values: []string{*after}})
	}
	q := &query.Query{Start: from, End: to, GroupBys: []query.Dimension{query.MediaID}, Limit: n + 1, Filters: filters,
		Metrics: []query.MetricQuery{{Name: query.Views}, {Name: query.UniqueViewers}, {Name: query.TotalWatchTime}}}
	res, err := s.store.Query(ctx, projectID, q)
	if err != nil {
		return nil, queryError(err)
	}
	out := &Page[Video]{Edges: []Edge[Video]{}}
	if res == nil {
		return out, nil
	}
	for i, row := range res.Metrics[0].Rows {
		if i == n {
			out.HasNextPage = true
			break
		}
		id, err := uuid.Parse(*row.Keys[0].Value)
		if err != nil {
			return nil, fmt.Errorf("analytics videos: %w", err)
		}
		out.add(Video{MediaID: id, Views: int(valueOr0(row.Value)),
			UniqueViewers: int(valueOr0(res.Metrics[1].Rows[i].Value)), TotalWatchTime: valueOr0(res.Metrics[2].Rows[i].Value)}, id.String())
	}
	return out, nil
}

// valueOr0 is a metric's value, 0 when it has none.
func valueOr0(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}
