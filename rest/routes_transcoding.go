package rest

// transcodingJobFields are a job's fields in every transcoding row's result, but
// its outputs, which differ by version.
const transcodingJobFields = `id createdAt updatedAt projectID apiVersion videoID sourceURL status progress priority failureReason startedAt completedAt`

// transcodingOutputFields are the fields of one output.
const transcodingOutputFields = `{ name height width encodedHeight videoBitrateKbps audioBitrateKbps url }`

// transcodingRoutes are the transcoding jobs API (docs/ROUTES.md "Transcoding jobs v1"
// and "v2"): v1 under /v1 with one output per job, v2 under /v2 (HostMainV2) with
// several. A job names its project in the body (from a URL) or through its video.
// docs/ROUTES.md writes the job's path parameter as {id}; it is {transcodingJobId}
// here, as other children's ids are named for what they are.
func transcodingRoutes() []Route {
	return append(transcodingVersion(HostMain, "1", "output"), transcodingVersion(HostMainV2, "2", "outputs")...)
}

// transcodingVersion lists the five rows of one API version.
func transcodingVersion(host, version, outputs string) []Route {
	fields := transcodingJobFields + ` ` + outputs + ` ` + transcodingOutputFields
	return []Route{
		{
			// Query: project_id, status, limit, cursor.
			Host: host, Method: "GET", Path: "/transcoding/jobs",
			Message: "transcoding jobs fetched",
			Operation: `query($projectId: ID, $status: TranscodingJobStatus, $first: Int, $after: Cursor) {
  transcodingJobs(projectID: $projectId, status: $status, first: $first, after: $after) { edges { node { ` + fields + ` } } ` + pageInfo + ` }
}`,
		},
		{
			Host: host, Method: "POST", Path: "/transcoding/jobs", BodyVar: "input",
			Message: "transcoding job created",
			Operation: `mutation($input: CreateTranscodingJobInput!) {
  createTranscodingJob(apiVersion: ` + version + `, input: $input) { ` + fields + ` }
}`,
		},
		{
			Host: host, Method: "GET", Path: "/transcoding/jobs/{transcodingJobId}",
			Message:   "transcoding job fetched",
			Operation: `query($transcodingJobId: ID!) { transcodingJob(id: $transcodingJobId) { ` + fields + ` } }`,
		},
		{
			// Body: {"priority"} while queued, or {"cancel": true}.
			Host: host, Method: "PUT", Path: "/transcoding/jobs/{transcodingJobId}", BodyVar: "input",
			Message: "transcoding job updated",
			Operation: `mutation($transcodingJobId: ID!, $input: UpdateTranscodingJobInput!) {
  updateTranscodingJob(id: $transcodingJobId, input: $input) { ` + fields + ` }
}`,
		},
		{
			Host: host, Method: "DELETE", Path: "/transcoding/jobs/{transcodingJobId}",
			Message:   "transcoding job deleted",
			Operation: `mutation($transcodingJobId: ID!) { deleteTranscodingJob(id: $transcodingJobId) }`,
		},
	}
}
