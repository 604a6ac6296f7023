package rest_test

import (
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/vimeotest"
)

// importerContractCases are the contract cases of the Vimeo importer rows. The
// servers talk to apptest.SharedVimeo (three videos over two pages, downloads
// answering 404, so an import started here fails at once); the flow with a real
// clip is in internal/app/vimeo_import_e2e_test.go.
var importerContractCases = []contractCase{
	{method: "POST", path: "/projects/{projId}/importers",
		body:      `{"provider": "vimeo", "credential": "` + vimeotest.Token + `"}`,
		vars:      map[string]any{"projId": "{projId}", "input": map[string]any{"provider": "vimeo", "credential": vimeotest.Token}},
		wrongType: `["vimeo"]`},
	{method: "POST", path: "/projects/{projId}/importers/sync", body: `{"provider": "vimeo"}`,
		vars: map[string]any{"projId": "{projId}", "provider": "vimeo"}, wrongType: `["vimeo"]`},
	{method: "GET", path: "/projects/{projId}/importers/vimeo/jobs", vars: map[string]any{"projId": "{projId}", "first": 50}},
	{method: "GET", path: "/projects/{projId}/importers/jobs/{migrationId}/videos",
		vars: map[string]any{"projId": "{projId}", "migrationId": "{migrationId}", "first": 50}},
	{method: "POST", path: "/projects/{projId}/importers/import",
		body:      `{"migration_id": "{migrationId}", "video_ids": ["1001", "1002"]}`,
		vars:      map[string]any{"projId": "{projId}", "input": map[string]any{"migrationID": "{migrationId}", "videoIDs": []any{"1001", "1002"}}},
		wrongType: `["1001"]`},
	{method: "GET", path: "/projects/{projId}/importers/pull-videos", vars: map[string]any{"projId": "{projId}", "first": 50}},
}

func init() {
	contractCases = append(contractCases, importerContractCases...)
	moreFixtures = append(moreFixtures, importerFixtures)
}

// importerFixtures give each project a Vimeo importer and a done migration of the
// shared fake's account.
func importerFixtures(s *apptest.Server, f fixtures) {
	for _, prefix := range []string{"", "other:"} {
		proj := f[prefix+"projId"]
		s.MustGraphQL(`mutation($p: ID!, $c: String!) { setImporter(projectID: $p, input: {provider: vimeo, credential: $c}) { id } }`,
			map[string]any{"p": proj, "c": vimeotest.Token}, nil)
		var sync struct{ SyncImporter struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { syncImporter(projectID: $p) { id } }`, map[string]any{"p": proj}, &sync)
		f[prefix+"migrationId"] = sync.SyncImporter.ID
		waitMigration(s, proj, sync.SyncImporter.ID, "done")
	}
}

// waitMigration waits (up to 20 s) until a migration reaches status, and panics
// (fixtures have no *testing.T) when it does not.
func waitMigration(s *apptest.Server, proj, id, status string) {
	var last string
	if !poll.Every(20*time.Millisecond, 20*time.Second, func() bool {
		var out struct {
			ImportMigrations struct {
				Edges []struct{ Node struct{ ID, Status string } }
			}
		}
		s.MustGraphQL(`query($p: ID!) { importMigrations(projectID: $p, first: 50) { edges { node { id status } } } }`,
			map[string]any{"p": proj}, &out)
		for _, e := range out.ImportMigrations.Edges {
			if e.Node.ID == id {
				last = e.Node.Status
			}
		}
		return last == status
	}) {
		panic("migration " + id + " is " + last + ", want " + status)
	}
}
