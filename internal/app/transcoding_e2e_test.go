package app_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
)

// transcodingJob is a job as the REST rows show it (v1: output; v2: outputs).
type transcodingJob struct {
	ID            string  `json:"id"`
	ProjectID     string  `json:"project_id"`
	APIVersion    int     `json:"api_version"`
	Status        string  `json:"status"`
	Progress      float64 `json:"progress"`
	Priority      int     `json:"priority"`
	FailureReason string  `json:"failure_reason"`
	Output        *transcodingOutput
	Outputs       []transcodingOutput
}

type transcodingOutput struct {
	Name          string  `json:"name"`
	Height        int     `json:"height"`
	Width         *int    `json:"width"`
	EncodedHeight *int    `json:"encoded_height"`
	URL           *string `json:"url"`
}

// restJob calls a transcoding row and decodes the job, failing on an error.
func restJob(t *testing.T, s *apptest.Server, method, path, body string) transcodingJob {
	t.Helper()
	status, env := s.REST(method, path, body)
	if status != http.StatusOK || !env.Success {
		t.Fatalf("%s %s: %d %+v", method, path, status, env)
	}
	var j transcodingJob
	if err := json.Unmarshal(env.Result, &j); err != nil {
		t.Fatal(err)
	}
	return j
}

// waitJob polls a job until it is no longer queued or running.
func waitJob(t *testing.T, s *apptest.Server, path string) transcodingJob {
	t.Helper()
	var j transcodingJob
	if !poll.Within(2*time.Minute, func() bool {
		j = restJob(t, s, "GET", path, "")
		return j.Status != "queued" && j.Status != "running"
	}) {
		t.Fatalf("job still %s", j.Status)
	}
	return j
}

// checkOutput plays an output's signed playlist with ffprobe and checks that it
// is refused without its token.
func checkOutput(t *testing.T, s *apptest.Server, o transcodingOutput, height int) {
	t.Helper()
	if o.URL == nil || o.EncodedHeight == nil || *o.EncodedHeight != height {
		t.Fatalf("output %+v", o)
	}
	w, h, err := ffprobeURL(t, *o.URL)
	if err != nil || h != height || w != *o.Width {
		t.Fatalf("ffprobe %s: %dx%d %v", *o.URL, w, h, err)
	}
	bare, _, _ := strings.Cut(*o.URL, "?")
	if st, _ := s.Get(strings.TrimPrefix(bare, s.URL)); st != http.StatusUnauthorized {
		t.Errorf("untokened output playlist = %d, want 401", st)
	}
}

// TestTranscodingJobV1FromVideo: a v1 job transcodes an uploaded video's source
// to one output, readable back with ffprobe through its signed URL; it is listed,
// records transcoding_job.completed, and delete removes it.
func TestTranscodingJobV1FromVideo(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 2, 640, 360, 30))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Media")
		videoID := readyVideo(t, s, proj, data)
		j := restJob(t, s, "POST", "/v1/transcoding/jobs",
			`{"video_id": "`+videoID+`", "priority": 20, "output": {"height": 240, "video_bitrate_kbps": 300}}`)
		if j.Status != "queued" || j.APIVersion != 1 || j.ProjectID != proj || j.Priority != 20 || j.Output == nil || j.Output.Name != "240p" {
			t.Fatalf("created %+v", j)
		}
		j = waitJob(t, s, "/v1/transcoding/jobs/"+j.ID)
		if j.Status != "succeeded" || j.Progress != 1 {
			t.Fatalf("job %s (%s), progress %v", j.Status, j.FailureReason, j.Progress)
		}
		checkOutput(t, s, *j.Output, 240)

		status, env := s.REST("GET", "/v1/transcoding/jobs?project_id="+proj+"&status=succeeded&limit=10", "")
		var list []transcodingJob
		_ = json.Unmarshal(env.Result, &list)
		if status != http.StatusOK || len(list) != 1 || list[0].ID != j.ID || env.Pagination == nil || env.Pagination.HasMore {
			t.Errorf("list: %d %+v", status, env)
		}
		var n int
		if err := s.App.DB.SQL.QueryRow(`SELECT COUNT(*) FROM events WHERE type = 'transcoding_job.completed'`).Scan(&n); err != nil || n != 1 {
			t.Errorf("transcoding_job.completed events = %d, %v", n, err)
		}
		if st, env := s.REST("PUT", "/v1/transcoding/jobs/"+j.ID, `{"cancel": true}`); st != http.StatusUnprocessableEntity {
			t.Errorf("cancel a succeeded job: %d %+v", st, env)
		}
		if st, env := s.REST("DELETE", "/v1/transcoding/jobs/"+j.ID, ""); st != http.StatusOK {
			t.Fatalf("delete: %d %+v", st, env)
		}
		if st, _ := s.REST("GET", "/v1/transcoding/jobs/"+j.ID, ""); st != http.StatusNotFound {
			t.Errorf("deleted job: %d", st)
		}
	})
}

// TestTranscodingJobV2FromURL: a v2 job pulls its source from a URL (loopback,
// allowed in tests) and writes several outputs, never upscaled.
func TestTranscodingJobV2FromURL(t *testing.T) {
	src := clip.Make(t, 2, 640, 360, 30)
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, src)
	}))
	t.Cleanup(files.Close) // the dialects run in parallel, after this function returns
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Media")
		j := restJob(t, s, "POST", "/v2/transcoding/jobs", `{"project_id": "`+proj+`", "url": "`+files.URL+`/clip.mp4",
			"outputs": [{"height": 480, "video_bitrate_kbps": 1200}, {"height": 240, "video_bitrate_kbps": 300}]}`)
		if j.APIVersion != 2 || len(j.Outputs) != 2 || j.Outputs[0].Name != "240p" || j.Outputs[1].Name != "480p" {
			t.Fatalf("created %+v", j)
		}
		j = waitJob(t, s, "/v2/transcoding/jobs/"+j.ID)
		if j.Status != "succeeded" {
			t.Fatalf("job %s: %s", j.Status, j.FailureReason)
		}
		checkOutput(t, s, j.Outputs[0], 240)
		checkOutput(t, s, j.Outputs[1], 360) // a 360p source is never upscaled to 480p
	})
}

// TestTranscodingJobErrors: bad input is a 4xx naming the field, never INTERNAL;
// a source that cannot be fetched fails the job with its reason and
// transcoding_job.failed; a failed job cannot be canceled.
func TestTranscodingJobErrors(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Media")
		video := s.CreateVideo(proj, "", "No source yet")
		cases := []struct{ path, body, field string }{
			{"/v1/transcoding/jobs", `{"project_id": "` + proj + `", "url": "ftp://example.com/a.mp4", "output": {"height": 240, "video_bitrate_kbps": 300}}`, "url"},
			{"/v1/transcoding/jobs", `{"url": "https://example.com/a.mp4", "output": {"height": 240, "video_bitrate_kbps": 300}}`, "project_id"},
			{"/v1/transcoding/jobs", `{"video_id": "` + video + `", "output": {"height": 240, "video_bitrate_kbps": 300}}`, "video_id"},
			{"/v1/transcoding/jobs", `{"project_id": "` + proj + `", "url": "https://example.com/a.mp4"}`, "output"},
			{"/v1/transcoding/jobs", `{"project_id": "` + proj + `", "url": "https://example.com/a.mp4", "output": {"height": 241, "video_bitrate_kbps": 300}}`, "output.height"},
			{"/v1/transcoding/jobs", `{"project_id": "` + proj + `", "url": "https://example.com/a.mp4", "outputs": [{"height": 240, "video_bitrate_kbps": 300}]}`, "outputs"},
			{"/v2/transcoding/jobs", `{"project_id": "` + proj + `", "url": "https://example.com/a.mp4", "outputs": []}`, "outputs"},
			{"/v2/transcoding/jobs", `{"project_id": "` + proj + `", "url": "https://example.com/a.mp4", "outputs": [{"height": 240, "video_bitrate_kbps": 300}], "priority": 101}`, "priority"},
		}
		for _, c := range cases {
			st, env := s.REST("POST", c.path, c.body)
			if st != http.StatusUnprocessableEntity || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != c.field {
				t.Errorf("%s %s: %d %+v; want 422 naming %s", c.path, c.body, st, env, c.field)
			}
		}
		// Port 9 (discard) refuses the connection.
		j := restJob(t, s, "POST", "/v1/transcoding/jobs",
			`{"project_id": "`+proj+`", "url": "http://127.0.0.1:9/clip.mp4", "output": {"height": 240, "video_bitrate_kbps": 300}}`)
		j = waitJob(t, s, "/v1/transcoding/jobs/"+j.ID)
		if j.Status != "failed" || j.FailureReason == "" || j.Output.URL != nil {
			t.Fatalf("job %+v", j)
		}
		var n int
		if err := s.App.DB.SQL.QueryRow(`SELECT COUNT(*) FROM events WHERE type = 'transcoding_job.failed'`).Scan(&n); err != nil || n != 1 {
			t.Errorf("transcoding_job.failed events = %d, %v", n, err)
		}
		if st, _ := s.REST("PUT", "/v1/transcoding/jobs/"+j.ID, `{"cancel": true}`); st != http.StatusUnprocessableEntity {
			t.Errorf("cancel a failed job: %d", st)
		}
	})
}

// TestTranscodingJobCancelRunning: a job whose output comes from an encoding
// profile is canceled while ffmpeg runs; it stays canceled, with no output and no
// completed event. A profile without the asked height is a 422.
func TestTranscodingJobCancelRunning(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 30, 1280, 720, 30))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Media")
		var prof struct{ CreateEncodingProfile struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createEncodingProfile(projectID: $p, input: {name: "HQ",
			renditions: [{height: 360, videoBitrateKbps: 800, audioBitrateKbps: 96}, {height: 720, videoBitrateKbps: 6000, audioBitrateKbps: 128}]}) { id } }`,
			map[string]any{"p": proj}, &prof)
		token, videoID := s.UploadToken(proj, 0)
		s.TusUpload(token, data)
		if v := s.WaitVideo(videoID, 3*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		profile := prof.CreateEncodingProfile.ID
		if st, env := s.REST("POST", "/v1/transcoding/jobs", `{"video_id": "`+videoID+`", "output": {"encoding_profile_id": "`+profile+`", "height": 1080}}`); st != http.StatusUnprocessableEntity ||
			env.Errors[0].Field == nil || *env.Errors[0].Field != "output.height" {
			t.Errorf("profile without 1080p: %d %+v", st, env)
		}
		j := restJob(t, s, "POST", "/v1/transcoding/jobs", `{"video_id": "`+videoID+`", "output": {"encoding_profile_id": "`+profile+`"}}`)
		if j.Output.Name != "720p" || j.Output.Height != 720 {
			t.Fatalf("profile output %+v, want its highest rung", j.Output)
		}
		path := "/v1/transcoding/jobs/" + j.ID
		if !poll.Within(time.Minute, func() bool {
			j = restJob(t, s, "GET", path, "")
			return j.Status == "running" && j.Progress > 0 || j.Status == "succeeded"
		}) || j.Status == "succeeded" {
			t.Fatalf("job %s before it could be canceled while running", j.Status)
		}
		if j = restJob(t, s, "PUT", path, `{"cancel": true}`); j.Status != "canceled" {
			t.Fatalf("after cancel: %+v", j)
		}
		if st, _ := s.REST("PUT", path, `{"priority": 50}`); st != http.StatusUnprocessableEntity {
			t.Errorf("priority of a canceled job: %d", st)
		}
		// Once its River job has finished, the worker that ran the encode has
		// returned: nothing can change the job after that.
		poll.Until(t, "the canceled job's worker to return", time.Minute, func() bool {
			return s.SQLInt(`SELECT count(*) FROM river_job WHERE kind = 'transcode' AND state NOT IN ('completed', 'cancelled', 'discarded')`) == 0
		})
		if j = restJob(t, s, "GET", path, ""); j.Status != "canceled" || j.Progress >= 1 || j.Output.URL != nil {
			t.Errorf("canceled job became %+v", j)
		}
		var n int
		if err := s.App.DB.SQL.QueryRow(`SELECT COUNT(*) FROM events WHERE type LIKE 'transcoding_job.%'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("transcoding_job events = %d, %v", n, err)
		}
	})
}
