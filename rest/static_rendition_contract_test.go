package rest_test

import "github.com/vidra-dev/vidra/internal/apptest"

// staticRenditionContractCases are the contract cases of a video's static
// renditions (MP4 downloads; issue 47).
var staticRenditionContractCases = []contractCase{
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/static-renditions", body: `{"resolution": "audio-only"}`,
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "resolution": "audio-only"}, wrongType: `["audio-only"]`},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/static-renditions",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/static-renditions/{staticRenditionId}",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "staticRenditionId": "{staticRenditionId}"}},
	{method: "DELETE", path: "/projects/{projId}/videos/{videoId}/static-renditions/{staticRenditionId}",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "staticRenditionId": "{staticRenditionId}"}},
}

func init() {
	contractCases = append(contractCases, staticRenditionContractCases...)
	moreFixtures = append(moreFixtures, staticRenditionFixtures)
}

// staticRenditionFixtures asks, in the project and in the other one, for the
// highest static rendition of the video (preparing: the video has no source).
func staticRenditionFixtures(s *apptest.Server, f fixtures) {
	for _, prefix := range []string{"", "other:"} {
		var out struct{ CreateStaticRendition struct{ ID string } }
		s.MustGraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "highest") { id } }`,
			map[string]any{"v": f[prefix+"videoId"]}, &out)
		f[prefix+"staticRenditionId"] = out.CreateStaticRendition.ID
	}
}
