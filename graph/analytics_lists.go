package graph

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/analytics"
	"github.com/vidra-dev/vidra/analytics/query"
	"github.com/vidra-dev/vidra/graph/model"
)

// analyticsUsers lists the player-reported users with views in a range, by id:
// the dataset query grouped by user_id, paged by the last id.
func (r *Resolver) analyticsUsers(ctx context.Context, projectID uuid.UUID, start, end *time.Time, first *int, after *string) (*model.AnalyticsUserConnection, error) {
	if err := requireAnalyticsRead(ctx, r.db(ctx), projectID); err != nil {
		return nil, err
	}
	n, err := analyticsPage(first)
	if err != nil {
		return nil, err
	}
	s, e := analyticsRange(start, end)
	from := ""
	if after != nil {
		from = *after
	}
	// gt "" leaves out the views without a user.
	q := &query.Query{Start: s, End: e, GroupBys: []query.Dimension{query.UserID}, Limit: n + 1,
		Filters: []query.Filter{{Field: query.UserID, Operator: query.GT, Values: []string{from}}},
		Metrics: []query.MetricQuery{{Name: query.Views}, {Name: query.TotalWatchTime}}}
	res, err := r.analyticsStore.Query(ctx, projectID, q)
	if err != nil {
		return nil, analyticsError(err)
	}
	out := &model.AnalyticsUserConnection{Edges: []*model.AnalyticsUserEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	if res == nil {
		return out, nil
	}
	views, watch := res.Metrics[0].Rows, res.Metrics[1].Rows
	for i, row := range views {
		if i == n {
			out.PageInfo.HasNextPage = true
			break
		}
		id := *row.Keys[0].Value
		u := &model.AnalyticsUser{UserID: id, Views: int(valueOr0(row.Value)), TotalWatchTime: valueOr0(watch[i].Value)}
		out.Edges = append(out.Edges, &model.AnalyticsUserEdge{Node: u, Cursor: id})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
	}
	return out, nil
}

// analyticsVideos lists the videos with views in a range, by id: the dataset
// query grouped by media_id (one user's with userID), paged by the last id.
func (r *Resolver) analyticsVideos(ctx context.Context, projectID uuid.UUID, userID *string, start, end *time.Time, first *int, after *string) (*model.AnalyticsVideoConnection, error) {
	client := r.db(ctx)
	if err := requireAnalyticsRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	scope, err := analyticsScope(ctx, client, projectID, nil, nil, userID)
	if err != nil {
		return nil, err
	}
	n, err := analyticsPage(first)
	if err != nil {
		return nil, err
	}
	s, e := analyticsRange(start, end)
	filters := scope
	if after != nil {
		if uuid.Validate(*after) != nil {
			return nil, &Error{Kind: KindBadRequest, Field: "after", Message: "the cursor is not one this list gave"}
		}
		filters = append(filters, query.Filter{Field: query.MediaID, Operator: query.GT, Values: []string{*after}})
	}
	q := &query.Query{Start: s, End: e, GroupBys: []query.Dimension{query.MediaID}, Limit: n + 1, Filters: filters,
		Metrics: []query.MetricQuery{{Name: query.Views}, {Name: query.UniqueViewers}, {Name: query.TotalWatchTime}}}
	res, err := r.analyticsStore.Query(ctx, projectID, q)
	if err != nil {
		return nil, analyticsError(err)
	}
	out := &model.AnalyticsVideoConnection{Edges: []*model.AnalyticsVideoEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	if res == nil {
		return out, nil
	}
	for i, row := range res.Metrics[0].Rows {
		if i == n {
			out.PageInfo.HasNextPage = true
			break
		}
		id, err := uuid.Parse(*row.Keys[0].Value)
		if err != nil {
			return nil, fmt.Errorf("analytics videos: %w", err)
		}
		v := &model.AnalyticsVideo{MediaID: id, Views: int(valueOr0(row.Value)),
			UniqueViewers: int(valueOr0(res.Metrics[1].Rows[i].Value)), TotalWatchTime: valueOr0(res.Metrics[2].Rows[i].Value)}
		out.Edges = append(out.Edges, &model.AnalyticsVideoEdge{Node: v, Cursor: id.String()})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
	}
	return out, nil
}

func valueOr0(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}

// timeCursor is a list cursor: a time (epoch seconds or ms) and an id, "<time>_<id>".
func timeCursor(after *string) (int64, string, bool, error) {
	if after == nil {
		return 0, "", false, nil
	}
	t, id, ok := strings.Cut(*after, "_")
	sec, err := strconv.ParseInt(t, 10, 64)
	if !ok || err != nil || id == "" || len(id) > 40 {
		return 0, "", false, &Error{Kind: KindBadRequest, Field: "after", Message: "the cursor is not one this list gave"}
	}
	return sec, id, true, nil
}

// analyticsSessions lists a user's views in a range, newest first.
func (r *Resolver) analyticsSessions(ctx context.Context, projectID uuid.UUID, userID string, start, end *time.Time, first *int, after *string) (*model.AnalyticsSessionConnection, error) {
	if err := requireAnalyticsRead(ctx, r.db(ctx), projectID); err != nil {
		return nil, err
	}
	if err := checkAnalyticsUser(userID); err != nil {
		return nil, err
	}
	n, err := analyticsPage(first)
	if err != nil {
		return nil, err
	}
	cs, cid, paged, err := timeCursor(after)
	if err != nil {
		return nil, err
	}
	if paged && uuid.Validate(cid) != nil {
		return nil, &Error{Kind: KindBadRequest, Field: "after", Message: "the cursor is not one this list gave"}
	}
	s, e := analyticsRange(start, end)
	args := []any{projectID, userID, s.Unix(), e.Unix()}
	stmt := `SELECT id, session_id, video_id, started_at, ended_at, watched_ms, startup_ms, country, device_type, os, browser, fatal_error_code, completed
		FROM analytics_views WHERE project_id = $1 AND user_id = $2 AND started_at >= $3 AND started_at < $4`
	if paged {
		args = append(args, cs, uuid.MustParse(cid))
		stmt += ` AND (started_at < $5 OR (started_at = $5 AND id < $6))`
	}
	args = append(args, n+1)
	stmt += fmt.Sprintf(` ORDER BY started_at DESC, id DESC LIMIT $%d`, len(args))
	rows, err := r.sqlDB.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics sessions: %w", err)
	}
	defer rows.Close()
	out := &model.AnalyticsSessionConnection{Edges: []*model.AnalyticsSessionEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	for rows.Next() {
		if len(out.Edges) == n {
			out.PageInfo.HasNextPage = true
			break
		}
		var v model.AnalyticsSession
		var started, ended, watched int64
		var startup sql.NullInt64
		if err := rows.Scan(&v.ViewID, &v.SessionID, &v.MediaID, &started, &ended, &watched, &startup,
			&v.Country, &v.DeviceType, &v.Os, &v.Browser, &v.ErrorCode, &v.Completed); err != nil {
			return nil, fmt.Errorf("analytics sessions: %w", err)
		}
		v.StartedAt, v.EndedAt = time.Unix(started, 0).UTC(), time.Unix(ended, 0).UTC()
		v.WatchTime = float64(watched) / 1000
		if startup.Valid {
			ms := int(startup.Int64)
			v.StartupTime = &ms
		}
		out.Edges = append(out.Edges, &model.AnalyticsSessionEdge{Node: &v, Cursor: fmt.Sprintf("%d_%s", started, v.ViewID)})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("analytics sessions: %w", err)
	}
	return out, nil
}

// analyticsPlayerLog lists a user's player events in a range, oldest first.
func (r *Resolver) analyticsPlayerLog(ctx context.Context, projectID uuid.UUID, userID string, start, end *time.Time, first *int, after *string) (*model.AnalyticsPlayerEventConnection, error) {
	if err := requireAnalyticsRead(ctx, r.db(ctx), projectID); err != nil {
		return nil, err
	}
	if err := checkAnalyticsUser(userID); err != nil {
		return nil, err
	}
	n, err := analyticsPage(first)
	if err != nil {
		return nil, err
	}
	cms, cid, paged, err := timeCursor(after)
	if err != nil {
		return nil, err
	}
	var lastID int64
	if paged {
		if lastID, err = strconv.ParseInt(cid, 10, 64); err != nil {
			return nil, &Error{Kind: KindBadRequest, Field: "after", Message: "the cursor is not one this list gave"}
		}
	}
	s, e := analyticsRange(start, end)
	// Raw events carry no user: the user's views (by the views' user index) are
	// joined to their events, one id range each (analytics.EventRange). A view
	// whose last event is before the range has none in it.
	//
	// The join is a subquery with a limit no list reaches (allRows), ordered and
	// limited outside it: PostgreSQL, seeing ORDER BY ... LIMIT over the join,
	// estimated the range join far too large and sorted every event of the
	// project by time to walk them against the views (673 ms on the bench's
	// 330 k events); planned apart, it walks the user's views and reads each
	// one's events by id range (9 ms). SQLite plans both forms the same way.
	const allRows = int64(1) << 62
	args := []any{projectID, userID, s.Unix(), s.UnixMilli(), e.UnixMilli(), analytics.EventIDSpan, allRows}
	stmt := `SELECT e.id AS event_id, v.id AS view_id, v.video_id, e.ts_ms, e.type, e.playhead_ms, e.detail
		FROM analytics_views v JOIN analytics_events e ON e.id >= v.ref * $6 AND e.id < (v.ref + 1) * $6
		WHERE v.project_id = $1 AND v.user_id = $2 AND v.ended_at >= $3 AND e.ts_ms >= $4 AND e.ts_ms < $5`
	if paged {
		args = append(args, cms, lastID)
		stmt += ` AND (e.ts_ms > $8 OR (e.ts_ms = $8 AND e.id > $9))`
	}
	args = append(args, n+1)
	stmt = `SELECT x.event_id, x.view_id, x.video_id, x.ts_ms, x.type, x.playhead_ms, x.detail FROM (` + stmt +
		fmt.Sprintf(` LIMIT $7) x ORDER BY x.ts_ms, x.event_id LIMIT $%d`, len(args))
	rows, err := r.sqlDB.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics player log: %w", err)
	}
	defer rows.Close()
	out := &model.AnalyticsPlayerEventConnection{Edges: []*model.AnalyticsPlayerEventEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	for rows.Next() {
		if len(out.Edges) == n {
			out.PageInfo.HasNextPage = true
			break
		}
		var ev model.AnalyticsPlayerEvent
		var id, ts, playhead int64
		var code int16
		var detail sql.NullString
		if err := rows.Scan(&id, &ev.ViewID, &ev.MediaID, &ts, &code, &playhead, &detail); err != nil {
			return nil, fmt.Errorf("analytics player log: %w", err)
		}
		ev.Seq, ev.Type, ev.Detail = analytics.EventSeq(id), analytics.EventTypeName(code), detail.String
		ev.Time, ev.Playhead = time.UnixMilli(ts).UTC(), int(playhead)
		out.Edges = append(out.Edges, &model.AnalyticsPlayerEventEdge{Node: &ev, Cursor: fmt.Sprintf("%d_%d", ts, id)})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("analytics player log: %w", err)
	}
	return out, nil
}
