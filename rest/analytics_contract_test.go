package rest_test

import (
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/rest"
)

// analyticsDay is the day the analytics fixtures' views start in.
var analyticsDay = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

// analyticsQuery is the range every analytics case asks for.
const analyticsQuery = "?start_time=2026-11-20T00:00:00Z&end_time=2026-11-21T00:00:00Z"

// analyticsRangeVars are the same range as GraphQL variables, with more.
func analyticsRangeVars(more map[string]any) map[string]any {
	v := map[string]any{"startTime": "2026-11-20T00:00:00Z", "endTime": "2026-11-21T00:00:00Z"}
	for k, x := range more {
		v[k] = x
	}
	return v
}

// analyticsContractCases are the rows of docs/ROUTES.md "Analytics" (issue 21).
var analyticsContractCases = func() []contractCase {
	var out []contractCase
	proj := map[string]any{"projId": "{projId}"}
	for _, typ := range []string{"geo-distribution", "avg-watch-time", "total-watch-time", "avg-watch-per-unique-user", "player-errors", "popularity"} {
		out = append(out, contractCase{method: "GET", path: "/projects/{projId}/analytics/" + typ, query: analyticsQuery, vars: analyticsRangeVars(proj)})
	}
	out = append(out, contractCase{method: "GET", path: "/projects/{projId}/analytics/views", query: analyticsQuery + "&group_by=time_interval_hour",
		vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "groupBy": "time_interval_hour"})})
	for _, typ := range []string{"insights", "views", "watch-time"} {
		out = append(out, contractCase{method: "GET", path: "/projects/{projId}/folders/{folderId}/analytics/" + typ, query: analyticsQuery,
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "folderId": "{folderId}"})})
	}
	for _, typ := range []string{"views", "geo-distribution"} {
		out = append(out, contractCase{method: "GET", path: "/projects/{projId}/videos/{videoId}/analytics/" + typ, query: analyticsQuery,
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "videoId": "{videoId}"})})
	}
	user := map[string]any{"projId": "{projId}", "userId": "{userId}"}
	out = append(out,
		contractCase{method: "GET", path: "/projects/{projId}/users/{userId}/analytics/total-watch", query: analyticsQuery, vars: analyticsRangeVars(user)},
		contractCase{method: "GET", path: "/projects/{projId}/analytics/filtered", query: analyticsQuery + "&by_hour=true",
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "byHour": true})},
		contractCase{method: "GET", path: "/projects/{projId}/analytics/users", query: analyticsQuery, vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "first": 50})},
		contractCase{method: "GET", path: "/projects/{projId}/analytics/videos", query: analyticsQuery, vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "first": 50})},
		contractCase{method: "GET", path: "/projects/{projId}/users/{userId}/media-views", query: analyticsQuery,
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "userId": "{userId}", "first": 50})},
		contractCase{method: "GET", path: "/projects/{projId}/users/{userId}/player-logs", query: analyticsQuery,
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "userId": "{userId}", "first": 50})},
		contractCase{method: "GET", path: "/projects/{projId}/users/{userId}/sessions", query: analyticsQuery,
			vars: analyticsRangeVars(map[string]any{"projId": "{projId}", "userId": "{userId}", "first": 50})},
		// Realtime: asOf is the time of each call.
		contractCase{method: "GET", path: "/projects/{projId}/analytics/concurrent-viewers", query: "?video_id={videoId}",
			vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}, masked: []string{"as_of"}},
		contractCase{host: rest.HostAnalytics, method: "POST", path: "/report/v1/{projectId}/dataset", fixtureOf: map[string]string{"projectId": "projId"},
			body: `{"start_time": "2026-11-20T00:00:00Z", "end_time": "2026-11-21T00:00:00Z", "filters": [{"field": "media_id", "operator": "equal", "values": ["{videoId}"]}],` +
				` "group_bys": ["time_interval_hour"], "metrics": [{"name": "total_media_error", "filters": [], "group_bys": []}]}`,
			vars: map[string]any{"projectId": "{projId}", "query": map[string]any{"startTime": "2026-11-20T00:00:00Z", "endTime": "2026-11-21T00:00:00Z",
				"filters":  []any{map[string]any{"field": "media_id", "operator": "equal", "values": []any{"{videoId}"}}},
				"groupBys": []any{"time_interval_hour"}, "metrics": []any{map[string]any{"name": "total_media_error", "filters": []any{}, "groupBys": []any{}}}}},
			wrongType: `["total_media_error"]`},
	)
	return out
}()

func init() {
	contractCases = append(contractCases, analyticsContractCases...)
	for _, c := range analyticsContractCases {
		classes[c.key()] = analyticsRead
	}
	readingRows[rowKey(rest.HostAnalytics, "POST", "/report/v1/{projectId}/dataset")] = true
	moreFixtures = append(moreFixtures, seedAnalyticsFixtures)
}

// seedAnalyticsFixtures gives each fixture set views and player events of its
// user in both projects, so the analytics rows answer with data.
func seedAnalyticsFixtures(s *apptest.Server, f fixtures) {
	f["userId"] = "viewer-1"
	f["other:userId"] = "viewer-1"
	proj, other := uuid.MustParse(f["projId"]), uuid.MustParse(f["other:projId"])
	video, otherVideo, folder := uuid.MustParse(f["videoId"]), uuid.MustParse(f["other:videoId"]), uuid.MustParse(f["folderId"])
	s.SeedDrop(proj, analyticsDay.Add(4*time.Hour), "bot_user_agent", 3)
	s.SeedDrop(other, analyticsDay.Add(4*time.Hour), "rate", 1)
	start := int64(800)
	for i, v := range []apptest.AnalyticsView{
		{Project: proj, Video: video, Folder: &folder, User: "viewer-1", Session: "s1", Viewer: "k1", Country: "FR", Device: "desktop",
			Started: analyticsDay.Add(2 * time.Hour), StartupMs: &start, WatchedMs: 42000, Errors: 1, Completed: true},
		{Project: proj, Video: video, Folder: &folder, User: "viewer-2", Session: "s2", Viewer: "k2", Country: "US", Device: "mobile",
			Started: analyticsDay.Add(5 * time.Hour), FatalCode: "MEDIA_ERR_NETWORK", Errors: 1},
		{Project: other, Video: otherVideo, User: "viewer-1", Session: "s3", Viewer: "k3", Country: "DE",
			Started: analyticsDay.Add(3 * time.Hour), StartupMs: &start, WatchedMs: 7000},
	} {
		view := s.SeedView(v)
		s.SeedEvent(view, 1, v.Started, "viewstart", 0, "")
		s.SeedEvent(view, 2, v.Started.Add(time.Duration(i+1)*time.Second), "playing", 0, `{"rendition":"720p"}`)
	}
}
