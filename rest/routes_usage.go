package rest

// usageVars are the variables of the usage rows: ?start_time= and ?end_time=
// (ISO 8601; by default the current UTC month up to now).
const usageVars = `$startTime: Time, $endTime: Time`

// usageMetricFields is the shape of one metered quantity.
const usageMetricFields = `name unit quantity`

// usageRoutes are the usage rows of docs/ROUTES.md ("Live streams and usage" and
// "Get Metrics / project Usages"). Units: bytes, seconds, byte-seconds and
// video-second-seconds, named in each metric's unit field.
func usageRoutes() []Route {
	return []Route{
		// ?granularity=hour|day (day by default).
		{Method: "GET", Path: "/projects/{projId}/usage/bandwidth", Message: "bandwidth usage fetched",
			Operation: `query BandwidthUsage($projId: ID!, ` + usageVars + `, $granularity: String = "day") {
				bandwidthUsage(projectId: $projId, startTime: $startTime, endTime: $endTime, granularity: $granularity) {
					startTime endTime granularity bytes seconds points { time bytes seconds } } }`},
		{Method: "GET", Path: "/projects/{projId}/usage/storage", Message: "storage usage fetched",
			Operation: `query StorageUsage($projId: ID!, ` + usageVars + `) {
				storageUsage(projectId: $projId, startTime: $startTime, endTime: $endTime) {
					startTime endTime currentBytes currentVideoSeconds byteSeconds videoSeconds averageBytes averageVideoSeconds } }`},
		{Method: "GET", Path: "/projects/{projId}/metrics", Message: "metrics fetched",
			Operation: `query ProjectMetrics($projId: ID!, ` + usageVars + `) {
				projectMetrics(projectId: $projId, startTime: $startTime, endTime: $endTime) { ` + usageMetricFields + ` } }`},
		{Method: "GET", Path: "/projects/{projId}/usages", Message: "usages fetched",
			Operation: `query ProjectUsages($projId: ID!, ` + usageVars + `) {
				projectUsages(projectId: $projId, startTime: $startTime, endTime: $endTime) { startTime endTime metrics { ` + usageMetricFields + ` } } }`},
		{Method: "GET", Path: "/organization/usage/over-usage", Message: "over usage fetched",
			Operation: `query OverUsage(` + usageVars + `) {
				overUsage(startTime: $startTime, endTime: $endTime) { startTime endTime hasPlan planCode overUsed metrics { name unit used included overage } } }`},
	}
}
