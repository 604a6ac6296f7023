package reports

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
)

// timeCursor reads a list cursor: a time (epoch seconds or ms) and an id,
// "<time>_<id>"; paged is false without one.
func timeCursor(after *string) (t int64, id string, paged bool, err error) {
	if after == nil {
		return 0, "", false, nil
	}
	ts, id, ok := strings.Cut(*after, "_")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if !ok || err != nil || id == "" || len(id) > 40 {
		return 0, "", false, badCursor()
	}
	return sec, id, true, nil
}

// userListStart runs the checks a list of one player-reported user's records
// starts with, in this order: the caller may read the project's analytics,
// the user id, the page size, the cursor "<time>_<id>" (paged is false
// without one).
func (s *Service) userListStart(ctx context.Context, projectID uuid.UUID, userID string, first *int, after *string) (n int, t int64, id string, paged bool, err error) {
	if err = requireRead(ctx, s.db(ctx), projectID); err != nil {
		return 0, 0, "", false, err
	}
	if err = checkUser(userID); err != nil {
		return 0, 0, "", false, err
	}
	if n, err = pageSize(first); err != nil {
		return 0, 0, "", false, err
	}
	t, id, paged, err = timeCursor(after)
	return n, t, id, paged, err
}

// Sessions lists a player-reported user's views started in [start, end),
// newest first, continuing after the cursor "<started, Unix seconds>_<view id>".
func (s *Service) Sessions(ctx context.Context, projectID uuid.UUID, userID string, start, end *time.Time, first *int, after *string) (*Page[analytics.Session], error) {
	n, cs, cid, paged, err := s.userListStart(ctx, projectID, userID, first, after)
	if err != nil {
		return nil, err
	}
	if paged && uuid.Validate(cid) != nil {
		return nil, badCursor()
	}
	from, to := rangeOf(start, end)
	var cursor *analytics.SessionCursor
	if paged {
		cursor = &analytics.SessionCursor{Started: cs, ViewID: uuid.MustParse(cid)}
	}
	views, err := s.store.Sessions(ctx, projectID, userID, from, to, cursor, n+1)
	if err != nil {
		return nil, err
	}
	out := &Page[analytics.Session]{Edges: []Edge[analytics.Session]{}}
	for _, sv := range views {
		if len(out.Edges) == n {
			out.HasNextPage = true
			break
		}
		out.add(sv, fmt.Sprintf("%d_%s", sv.StartedAt.Unix(), sv.ViewID))
	}
	return out, nil
}

// PlayerLog lists a player-reported user's raw player events in [start, end),
// oldest first, continuing after the cursor "<time, Unix ms>_<event id>".
func (s *Service) PlayerLog(ctx context.Context, projectID uuid.UUID, userID string, start, end *time.Time, first *int, after *string) (*Page[analytics.PlayerEvent], error) {
	n, cms, cid, paged, err := s.userListStart(ctx, projectID, userID, first, after)
	if err != nil {
		return nil, err
	}
	var lastID int64
	if paged {
		if lastID, err = strconv.ParseInt(cid, 10, 64); err != nil {
			return nil, badCursor()
		}
	}
	from, to := rangeOf(start, end)
	var cursor *analytics.EventCursor
	if paged {
		cursor = &analytics.EventCursor{TimeMs: cms, ID: lastID}
	}
	events, err := s.store.PlayerLog(ctx, projectID, userID, from, to, cursor, n+1)
	if err != nil {
		return nil, err
	}
	out := &Page[analytics.PlayerEvent]{Edges: []Edge[analytics.PlayerEvent]{}}
	for _, pe := range events {
		if len(out.Edges) == n {
			out.HasNextPage = true
			break
		}
		out.add(pe, fmt.Sprintf("%d_%d", pe.TimeMs, pe.ID))
	}
	return out, nil
}
