package rest_test

import (
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// captionGenerationContractCases are the contract cases of automatic
// captions (issue 48): a generation is asked of a ready video (the fixture
// readyVideoId, which has no renditions: its job fails, after the answer);
// the generation read and canceled is one of the fixture video, which is not
// ready, so no job picks it up and it stays queued.
var captionGenerationContractCases = []contractCase{
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/caption-generations", body: `{"language": "en"}`,
		fixtureOf: map[string]string{"videoId": "readyVideoId"},
		vars:      map[string]any{"projId": "{projId}", "videoId": "{readyVideoId}", "language": "en"}, wrongType: `["en"]`},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/caption-generations",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/caption-generations/{generationId}",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "generationId": "{generationId}"}},
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/caption-generations/{generationId}/cancel",
		vars:   map[string]any{"projId": "{projId}", "videoId": "{videoId}", "generationId": "{generationId}"},
		masked: []string{"finished_at"}},
	{method: "PUT", path: "/projects/{projId}/videos/{videoId}/captions/{captionId}",
		parts: []formPart{{name: "file", filename: "en.srt", contentType: "application/x-subrip", content: "1\n00:00:01,000 --> 00:00:02,000\nFixed\n"}},
		vars:  map[string]any{"projId": "{projId}", "videoId": "{videoId}", "captionId": "{captionId}"}},
}

func init() {
	contractCases = append(contractCases, captionGenerationContractCases...)
	moreFixtures = append(moreFixtures, captionGenerationFixtures)
}

// captionGenerationFixtures add, in the project and in the other one, a
// ready video (readyVideoId) and a queued generation of the fixture video
// (generationId), written directly: the API asks a ready video for one.
func captionGenerationFixtures(s *apptest.Server, f fixtures) {
	ctx := apptest.System()
	client := s.App.DB.Client
	for _, prefix := range []string{"", "other:"} {
		proj := uuid.MustParse(f[prefix+"projId"])
		ready := client.Video.Create().SetProjectID(proj).SetTitle("Ready").SetStatus(video.StatusReady).
			SaveX(videolifecycle.ForTest(ctx))
		f[prefix+"readyVideoId"] = ready.ID.String()
		g := client.CaptionGeneration.Create().SetVideoID(uuid.MustParse(f[prefix+"videoId"])).
			SetLanguage("en").SetEngine("pocketsphinx").SaveX(ctx)
		f[prefix+"generationId"] = g.ID.String()
	}
}
