package rest_test

// clipContractCases are the contract cases of clips (issue 47): the fixture
// video has no source yet, so the clip waits for it (uploading).
var clipContractCases = []contractCase{
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/clips", body: `{"start": 1.5, "end": 4, "title": "The good part"}`,
		vars:      map[string]any{"projId": "{projId}", "videoId": "{videoId}", "start": 1.5, "end": 4, "title": "The good part"},
		wrongType: `[1.5, 4]`},
}

func init() {
	contractCases = append(contractCases, clipContractCases...)
}
