package graph

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
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
	var cursor *analytics.SessionCursor
	if paged {
		cursor = &analytics.SessionCursor{Started: cs, ViewID: uuid.MustParse(cid)}
	}
	views, err := r.analyticsStore.Sessions(ctx, projectID, userID, s, e, cursor, n+1)
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsSessionConnection{Edges: []*model.AnalyticsSessionEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	for _, sv := range views {
		if len(out.Edges) == n {
			out.PageInfo.HasNextPage = true
			break
		}
		v := model.AnalyticsSession{ViewID: sv.ViewID, SessionID: sv.SessionID, MediaID: sv.VideoID,
			StartedAt: sv.StartedAt, EndedAt: sv.EndedAt, WatchTime: float64(sv.WatchedMs) / 1000,
			Country: sv.Country, DeviceType: sv.DeviceType, Os: sv.OS, Browser: sv.Browser,
			ErrorCode: sv.FatalErrorCode, Completed: sv.Completed}
		if sv.StartupMs != nil {
			ms := int(*sv.StartupMs)
			v.StartupTime = &ms
		}
		out.Edges = append(out.Edges, &model.AnalyticsSessionEdge{Node: &v, Cursor: fmt.Sprintf("%d_%s", sv.StartedAt.Unix(), v.ViewID)})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
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
	var cursor *analytics.EventCursor
	if paged {
		cursor = &analytics.EventCursor{TimeMs: cms, ID: lastID}
	}
	events, err := r.analyticsStore.PlayerLog(ctx, projectID, userID, s, e, cursor, n+1)
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsPlayerEventConnection{Edges: []*model.AnalyticsPlayerEventEdge{}, PageInfo: &model.AnalyticsPageInfo{}}
	for _, pe := range events {
		if len(out.Edges) == n {
			out.PageInfo.HasNextPage = true
			break
		}
		ev := model.AnalyticsPlayerEvent{ViewID: pe.ViewID, MediaID: pe.VideoID, Seq: analytics.EventSeq(pe.ID),
			Type: analytics.EventTypeName(pe.Type), Detail: pe.Detail, Time: time.UnixMilli(pe.TimeMs).UTC(), Playhead: int(pe.PlayheadMs)}
		out.Edges = append(out.Edges, &model.AnalyticsPlayerEventEdge{Node: &ev, Cursor: fmt.Sprintf("%d_%d", pe.TimeMs, pe.ID)})
		out.PageInfo.EndCursor = &out.Edges[len(out.Edges)-1].Cursor
	}
	return out, nil
}
