package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/analytics/reports"
)

// The GraphQL shapes of the analytics API; its rules are internal/analytics/reports.

// queryOf converts the GraphQL input to the query model; its range is the
// service's (reports.Service.Query), from the input's StartTime and EndTime.
func queryOf(in model.AnalyticsQueryInput) *query.Query {
	q := &query.Query{Filters: filtersOf(in.Filters), GroupBys: dimensionsOf(in.GroupBys)}
	for _, m := range in.Metrics {
		if m == nil {
			continue
		}
		q.Metrics = append(q.Metrics, query.MetricQuery{Name: query.Metric(m.Name), Filters: filtersOf(m.Filters), GroupBys: dimensionsOf(m.GroupBys)})
	}
	if in.Order != nil {
		q.Order = query.Order(*in.Order)
	}
	if in.Limit != nil {
		q.Limit = *in.Limit
	}
	return q
}

func filtersOf(in []*model.AnalyticsFilterInput) []query.Filter {
	out := make([]query.Filter, 0, len(in))
	for _, f := range in {
		if f != nil {
			out = append(out, query.Filter{Field: query.Dimension(f.Field), Operator: query.Operator(f.Operator), Values: f.Values})
		}
	}
	return out
}

func dimensionsOf(in []model.AnalyticsDimension) []query.Dimension {
	out := make([]query.Dimension, len(in))
	for i, d := range in {
		out[i] = query.Dimension(d)
	}
	return out
}

// analyticsScope is the scope arguments of the analytics query.
func analyticsScope(folderID, mediaID *uuid.UUID, userID *string) reports.Scope {
	return reports.Scope{FolderID: folderID, MediaID: mediaID, UserID: userID}
}

// resultOf converts a result to its GraphQL type; nil stays nil (nothing matched).
func resultOf(res *query.Result, err error) (*model.AnalyticsResult, error) {
	if res == nil || err != nil {
		return nil, err
	}
	out := &model.AnalyticsResult{StartTime: res.Start, EndTime: res.End, Metrics: make([]*model.AnalyticsMetricResult, 0, len(res.Metrics))}
	if res.Granularity != "" {
		g := model.AnalyticsDimension(res.Granularity)
		out.Granularity = &g
	}
	for _, m := range res.Metrics {
		mr := &model.AnalyticsMetricResult{Name: model.AnalyticsMetric(m.Name), Total: m.Total,
			GroupBys: make([]model.AnalyticsDimension, len(m.GroupBys)),
			Rows:     make([]*model.AnalyticsRow, len(m.Rows)), Data: make([]map[string]any, len(m.Rows))}
		for i, g := range m.GroupBys {
			mr.GroupBys[i] = model.AnalyticsDimension(g)
		}
		for i, row := range m.Rows {
			keys := make([]*model.AnalyticsKey, len(row.Keys))
			flat := make(map[string]any, len(row.Keys)+1)
			for j, k := range row.Keys {
				keys[j] = &model.AnalyticsKey{Dimension: model.AnalyticsDimension(k.Dimension), Value: k.Value}
				if k.Value == nil {
					flat[string(k.Dimension)] = nil
				} else {
					flat[string(k.Dimension)] = *k.Value
				}
			}
			if row.Value == nil {
				flat["value"] = nil
			} else {
				flat["value"] = *row.Value
			}
			mr.Rows[i] = &model.AnalyticsRow{Keys: keys, Value: row.Value}
			mr.Data[i] = flat
		}
		out.Metrics = append(out.Metrics, mr)
	}
	return out, nil
}

// analyticsPageInfo is a page's GraphQL page info.
func analyticsPageInfo[T any](p *reports.Page[T]) *model.AnalyticsPageInfo {
	return &model.AnalyticsPageInfo{HasNextPage: p.HasNextPage, EndCursor: p.EndCursor()}
}

// analyticsUsersOf converts a page of users.
func analyticsUsersOf(p *reports.Page[reports.User], err error) (*model.AnalyticsUserConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsUserConnection{Edges: make([]*model.AnalyticsUserEdge, len(p.Edges)), PageInfo: analyticsPageInfo(p)}
	for i, e := range p.Edges {
		u := &model.AnalyticsUser{UserID: e.Node.UserID, Views: e.Node.Views, TotalWatchTime: e.Node.TotalWatchTime}
		out.Edges[i] = &model.AnalyticsUserEdge{Node: u, Cursor: e.Cursor}
	}
	return out, nil
}

// analyticsVideosOf converts a page of videos.
func analyticsVideosOf(p *reports.Page[reports.Video], err error) (*model.AnalyticsVideoConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsVideoConnection{Edges: make([]*model.AnalyticsVideoEdge, len(p.Edges)), PageInfo: analyticsPageInfo(p)}
	for i, e := range p.Edges {
		v := &model.AnalyticsVideo{MediaID: e.Node.MediaID, Views: e.Node.Views,
			UniqueViewers: e.Node.UniqueViewers, TotalWatchTime: e.Node.TotalWatchTime}
		out.Edges[i] = &model.AnalyticsVideoEdge{Node: v, Cursor: e.Cursor}
	}
	return out, nil
}

// analyticsSessionsOf converts a page of a user's views.
func analyticsSessionsOf(p *reports.Page[analytics.Session], err error) (*model.AnalyticsSessionConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsSessionConnection{Edges: make([]*model.AnalyticsSessionEdge, len(p.Edges)), PageInfo: analyticsPageInfo(p)}
	for i, e := range p.Edges {
		sv := e.Node
		v := &model.AnalyticsSession{ViewID: sv.ViewID, SessionID: sv.SessionID, MediaID: sv.VideoID,
			StartedAt: sv.StartedAt, EndedAt: sv.EndedAt, WatchTime: float64(sv.WatchedMs) / 1000,
			Country: sv.Country, DeviceType: sv.DeviceType, Os: sv.OS, Browser: sv.Browser,
			ErrorCode: sv.FatalErrorCode, Completed: sv.Completed}
		if sv.StartupMs != nil {
			ms := int(*sv.StartupMs)
			v.StartupTime = &ms
		}
		out.Edges[i] = &model.AnalyticsSessionEdge{Node: v, Cursor: e.Cursor}
	}
	return out, nil
}

// analyticsPlayerLogOf converts a page of a user's player events.
func analyticsPlayerLogOf(p *reports.Page[analytics.PlayerEvent], err error) (*model.AnalyticsPlayerEventConnection, error) {
	if err != nil {
		return nil, err
	}
	out := &model.AnalyticsPlayerEventConnection{Edges: make([]*model.AnalyticsPlayerEventEdge, len(p.Edges)), PageInfo: analyticsPageInfo(p)}
	for i, e := range p.Edges {
		pe := e.Node
		ev := &model.AnalyticsPlayerEvent{ViewID: pe.ViewID, MediaID: pe.VideoID, Seq: analytics.EventSeq(pe.ID),
			Type: analytics.EventTypeName(pe.Type), Detail: pe.Detail, Time: time.UnixMilli(pe.TimeMs).UTC(), Playhead: int(pe.PlayheadMs)}
		out.Edges[i] = &model.AnalyticsPlayerEventEdge{Node: ev, Cursor: e.Cursor}
	}
	return out, nil
}

// analyticsFilteredOf converts the collector's filtered counts.
func analyticsFilteredOf(counts []reports.FilteredCount, err error) ([]*model.AnalyticsFilteredCount, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*model.AnalyticsFilteredCount, len(counts))
	for i, c := range counts {
		out[i] = &model.AnalyticsFilteredCount{Reason: c.Reason, Count: c.Count, Hour: c.Hour}
	}
	return out, nil
}

// analyticsErasureOf converts an erasure of a user's analytics.
func analyticsErasureOf(e *reports.Erasure, err error) (*model.AnalyticsErasure, error) {
	if err != nil {
		return nil, err
	}
	return &model.AnalyticsErasure{UserID: e.UserID, Views: e.Views, Events: e.Events}, nil
}

// concurrentViewers counts a project's (or one video's) views playing now
// (reports.Service.Concurrent), for the query and its subscription.
func (r *Resolver) concurrentViewers(ctx context.Context, projectID uuid.UUID, videoID *uuid.UUID) (*model.ConcurrentViewers, error) {
	v, err := r.reports.Concurrent(ctx, projectID, videoID)
	if err != nil {
		return nil, err
	}
	return &model.ConcurrentViewers{Count: v.Count, AsOf: v.AsOf, WindowSeconds: int(v.Window / time.Second)}, nil
}
