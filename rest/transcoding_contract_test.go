package rest_test

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/rest"
)

// transcodingContractCases are the contract cases of the transcoding jobs rows,
// /v1 (one output) and /v2 (several; its rows read and change the fixtures' v2
// job). Port 9 (discard) refuses the connection, so a queued job fails at once.
// internal/app/transcoding_e2e_test.go runs jobs of both versions to the end.
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

	{host: rest.HostMainV2, method: "GET", path: "/transcoding/jobs", query: "?project_id={projId}&status=queued&limit=10",
		vars: map[string]any{"projectId": "{projId}", "status": "queued", "first": 10}},
	// Three outputs, given out of order (they are stored lowest first), one of them
	// an encoding profile's rung.
	{host: rest.HostMainV2, method: "POST", path: "/transcoding/jobs",
		body: `{"project_id": "{projId}", "url": "http://127.0.0.1:9/clip.mp4", "priority": 7, "outputs": [` +
			`{"encoding_profile_id": "{encodingProfileId}", "height": 720}, {"height": 360, "video_bitrate_kbps": 800}, ` +
			`{"height": 480, "video_bitrate_kbps": 1400, "audio_bitrate_kbps": 96}]}`,
		vars: map[string]any{"input": map[string]any{"projectID": "{projId}", "url": "http://127.0.0.1:9/clip.mp4", "priority": 7,
			"outputs": []any{
				map[string]any{"encodingProfileID": "{encodingProfileId}", "height": 720},
				map[string]any{"height": 360, "videoBitrateKbps": 800},
				map[string]any{"height": 480, "videoBitrateKbps": 1400, "audioBitrateKbps": 96},
			}}},
		wrongType: `[{"outputs": [{"height": 360, "video_bitrate_kbps": 800}]}]`},
	{host: rest.HostMainV2, method: "GET", path: "/transcoding/jobs/{transcodingJobId}",
		fixtureOf: v2Job, vars: map[string]any{"transcodingJobId": "{transcodingJobV2Id}"}},
	{host: rest.HostMainV2, method: "PUT", path: "/transcoding/jobs/{transcodingJobId}", body: `{"cancel": true}`,
		fixtureOf: v2Job, vars: map[string]any{"transcodingJobId": "{transcodingJobV2Id}", "input": map[string]any{"cancel": true}},
		wrongType: `"cancel"`},
	{host: rest.HostMainV2, method: "DELETE", path: "/transcoding/jobs/{transcodingJobId}",
		fixtureOf: v2Job, vars: map[string]any{"transcodingJobId": "{transcodingJobV2Id}"}},
}

// v2Job makes the /v2 rows' job the fixtures' v2 job.
var v2Job = map[string]string{"transcodingJobId": "transcodingJobV2Id"}

func init() {
	contractCases = append(contractCases, transcodingContractCases...)
	moreFixtures = append(moreFixtures, transcodingFixtures)
}

// transcodingFixtures gives each project a queued v1 transcoding job with one
// output and a queued v2 one with three. The rows are written directly, without
// their River jobs, so they stay queued while the rows read and change them (the
// sweeper would queue them within a minute).
func transcodingFixtures(s *apptest.Server, f fixtures) {
	ctx := tenancy.SystemContext(context.Background(), "test fixture: queued transcoding jobs")
	for _, prefix := range []string{"", "other:"} {
		for _, job := range []struct {
			fixture string
			version int
			outputs []transcode.Output
		}{
			{"transcodingJobId", 1, []transcode.Output{{Name: "360p", Height: 360, VideoBitrateKbps: 800, AudioBitrateKbps: 128}}},
			{"transcodingJobV2Id", 2, []transcode.Output{
				{Name: "360p", Height: 360, VideoBitrateKbps: 800, AudioBitrateKbps: 96},
				{Name: "720p", Height: 720, VideoBitrateKbps: 2800, AudioBitrateKbps: 128},
				{Name: "1080p", Height: 1080, VideoBitrateKbps: 5000, AudioBitrateKbps: 192},
			}},
		} {
			j, err := s.App.DB.Client.TranscodingJob.Create().
				SetProjectID(uuid.MustParse(f[prefix+"projId"])).SetAPIVersion(job.version).
				SetSourceURL("http://127.0.0.1:9/clip.mp4").SetPriority(3).SetOutputs(job.outputs).
				Save(ctx)
			if err != nil {
				panic(err)
			}
			f[prefix+job.fixture] = j.ID.String()
		}
	}
}
