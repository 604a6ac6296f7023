package graph

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// defaultAnalyticsRange is the range of the analytics lists when the caller names none.
const defaultAnalyticsRange = 30 * 24 * time.Hour

// maxAnalyticsUserID bounds a player-reported user id (as the views store it).
const maxAnalyticsUserID = 128

// requireAnalyticsRead finds a project whose analytics the caller may read:
// NOT_FOUND when the caller cannot see the project, FORBIDDEN without the
// analytics read permission on it. The analytics are read with SQL, outside the
// tenancy interceptors, so this is their one check.
func requireAnalyticsRead(ctx context.Context, client *ent.Client, projectID uuid.UUID) error {
	p, err := client.Project.Query().Where(project.ID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return NotFound("project")
	}
	if err != nil {
		return err
	}
	pr := auth.FromContext(ctx)
	if pr == nil || !pr.Perm().Can(perm.Read, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Analytics, ProjectID: p.ID}) {
		return Errorf(KindForbidden, "not allowed: reading analytics needs the analytics read permission on the project")
	}
	return nil
}

// analyticsScope checks the folder and video a query is scoped to (NOT_FOUND when
// the project has no such one) and returns the filters they add.
func analyticsScope(ctx context.Context, client *ent.Client, projectID uuid.UUID, folderID, mediaID *uuid.UUID, userID *string) ([]query.Filter, error) {
	var out []query.Filter
	if folderID != nil {
		ok, err := client.Folder.Query().Where(folder.ID(*folderID), folder.ProjectID(projectID)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, NotFound("folder")
		}
		out = append(out, query.Filter{Field: query.FolderID, Operator: query.Equal, Values: []string{folderID.String()}})
	}
	if mediaID != nil {
		ok, err := client.Video.Query().Where(video.ID(*mediaID), video.ProjectID(projectID)).Exist(ctx)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, NotFound("video")
		}
		out = append(out, query.Filter{Field: query.MediaID, Operator: query.Equal, Values: []string{mediaID.String()}})
	}
	if userID != nil {
		if err := checkAnalyticsUser(*userID); err != nil {
			return nil, err
		}
		out = append(out, query.Filter{Field: query.UserID, Operator: query.Equal, Values: []string{*userID}})
	}
	return out, nil
}

func checkAnalyticsUser(id string) error {
	if id == "" || len(id) > maxAnalyticsUserID {
		return &Error{Kind: KindBadRequest, Field: "userId", Message: "userId is 1 to 128 characters"}
	}
	return nil
}

// analytics runs the dataset query over a project's views.
func (r *Resolver) analytics(ctx context.Context, projectID uuid.UUID, in model.AnalyticsQueryInput, folderID, mediaID *uuid.UUID, userID *string) (*model.AnalyticsResult, error) {
	client := r.db(ctx)
	if err := requireAnalyticsRead(ctx, client, projectID); err != nil {
		return nil, err
	}
	scope, err := analyticsScope(ctx, client, projectID, folderID, mediaID, userID)
	if err != nil {
		return nil, err
	}
	q := queryOf(in)
	q.Filters = append(scope, q.Filters...)
	res, err := r.analyticsStore.Query(ctx, projectID, q)
	if err != nil {
		return nil, analyticsError(err)
	}
	return resultOf(res), nil
}

// analyticsError makes a refused query a BAD_REQUEST about its field.
func analyticsError(err error) error {
	var qe *query.Error
	if errors.As(err, &qe) {
		return &Error{Kind: KindBadRequest, Field: qe.Field, Message: qe.Message}
	}
	return err
}

// queryOf converts the GraphQL input to the query model.
func queryOf(in model.AnalyticsQueryInput) *query.Query {
	start, end := analyticsRange(in.StartTime, in.EndTime)
	q := &query.Query{Start: start, End: end, Filters: filtersOf(in.Filters), GroupBys: dimensionsOf(in.GroupBys)}
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

// resultOf converts a result to its GraphQL type; nil stays nil (nothing matched).
func resultOf(res *query.Result) *model.AnalyticsResult {
	if res == nil {
		return nil
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
	return out
}

// analyticsRange is a list's range: the given bounds, by default the last 30 days.
func analyticsRange(start, end *time.Time) (time.Time, time.Time) {
	e := time.Now().UTC()
	if end != nil {
		e = *end
	}
	s := e.Add(-defaultAnalyticsRange)
	if start != nil {
		s = *start
	}
	return s, e
}

// analyticsPage is a list's page size: first, 50 by default, at most 500.
func analyticsPage(first *int) (int, error) {
	if first == nil {
		return 50, nil
	}
	if *first < 1 || *first > 500 {
		return 0, &Error{Kind: KindBadRequest, Field: "first", Message: "first (limit) must be between 1 and 500"}
	}
	return *first, nil
}
