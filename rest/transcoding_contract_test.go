package rest_test

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/tenancy"
	"github.com/vidra-dev/vidra/transcode"
)

// transcodingContractCases are the contract cases of the transcoding jobs rows
// (the /v1 rows; the /v2 rows share their paths and are covered end to end in
// app/transcoding_e2e_test.go). Port 9 (discard) refuses the connection, so a
// queued job fails at once.
var transcodingContractCases = []contractCase{
	{method: "GET", path: "/transcoding/jobs", query: "?project_id={projId}",
		vars: map[string]any{"projectId": "{projId}", "first": 50}},
	{method: "POST", path: "/transcoding/jobs",
		body: `{"project_id": "{projId}", "url": "http://127.0.0.1:9/clip.mp4", "priority": 5, "output": {"height": 360, "video_bitrate_kbps": 800}}`,
		vars: map[string]any{"input": map[string]any{"projectID": "{projId}", "url": "http://127.0.0.1:9/clip.mp4", "priority": 5,
			"output": map[string]any{"height": 360, "videoBitrateKbps": 800}}},
		wrongType: `["http://127.0.0.1:9/clip.mp4"]`},
	{method: "GET", path: "/transcoding/jobs/{transcodingJobId}", vars: map[string]any{"transcodingJobId": "{transcodingJobId}"}},
	{method: "PUT", path: "/transcoding/jobs/{transcodingJobId}", body: `{"priority": 10}`,
		vars:      map[string]any{"transcodingJobId": "{transcodingJobId}", "input": map[string]any{"priority": 10}},
		wrongType: `[10]`},
	{method: "DELETE", path: "/transcoding/jobs/{transcodingJobId}", vars: map[string]any{"transcodingJobId": "{transcodingJobId}"}},
}

func init() {
	contractCases = append(contractCases, transcodingContractCases...)
	moreFixtures = append(moreFixtures, transcodingFixtures)
}

// transcodingFixtures gives each project a queued transcoding job. The row is
// written directly, without its River job, so it stays queued while the rows
// read and change it (the sweeper would queue it within a minute).
func transcodingFixtures(s *apptest.Server, f fixtures) {
	ctx := tenancy.SystemContext(context.Background(), "test fixture: a queued transcoding job")
	for _, prefix := range []string{"", "other:"} {
		j, err := s.App.DB.Client.TranscodingJob.Create().
			SetProjectID(uuid.MustParse(f[prefix+"projId"])).SetAPIVersion(1).
			SetSourceURL("http://127.0.0.1:9/clip.mp4").
			SetOutputs([]transcode.Output{{Name: "360p", Height: 360, VideoBitrateKbps: 800, AudioBitrateKbps: 128}}).
			Save(ctx)
		if err != nil {
			panic(err)
		}
		f[prefix+"transcodingJobId"] = j.ID.String()
	}
}
