package rest_test

// usageQuery is the range every usage case asks for.
const usageQuery = "?start_time=2026-11-01T00:00:00Z&end_time=2026-11-03T00:00:00Z"

// usageRangeVars are the same range as GraphQL variables, with more.
func usageRangeVars(more map[string]any) map[string]any {
	v := map[string]any{"startTime": "2026-11-01T00:00:00Z", "endTime": "2026-11-03T00:00:00Z"}
	for k, x := range more {
		v[k] = x
	}
	return v
}

// usageContractCases are the usage rows of docs/ROUTES.md (issue 23).
var usageContractCases = []contractCase{
	{method: "GET", path: "/projects/{projId}/usage/bandwidth", query: usageQuery + "&granularity=hour",
		vars: usageRangeVars(map[string]any{"projId": "{projId}", "granularity": "hour"})},
	{method: "GET", path: "/projects/{projId}/usage/storage", query: usageQuery, vars: usageRangeVars(map[string]any{"projId": "{projId}"})},
	{method: "GET", path: "/projects/{projId}/metrics", query: usageQuery, vars: usageRangeVars(map[string]any{"projId": "{projId}"})},
	{method: "GET", path: "/projects/{projId}/usages", query: usageQuery, vars: usageRangeVars(map[string]any{"projId": "{projId}"})},
	{method: "GET", path: "/organization/usage/over-usage", query: usageQuery, vars: usageRangeVars(nil)},
}

func init() {
	contractCases = append(contractCases, usageContractCases...)
	for _, c := range usageContractCases[:4] {
		// Project usage: billing read, or analytics read on the project.
		classes[c.key()] = analyticsRead
	}
	classes[usageContractCases[4].key()] = billingRead
}
