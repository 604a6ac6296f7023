package rest_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// permBenchRequests is how many list requests each caller makes per iteration.
const permBenchRequests = 200

// BenchmarkPermissionCheckOnVideoList reports what the permission rules cost on
// a list request: GET /v1/projects/{id}/videos?limit=50 over 2,000 videos in 20
// folders, by the owner (tenancy filter only), a member with an organization-wide
// folders.read grant, and a member whose grant names 5 folders (the filter then
// walks their subtrees). The metrics are ns per request and the ratio of each
// member's cost to the owner's.
func BenchmarkPermissionCheckOnVideoList(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			m := mailtest.Start(b)
			s := apptest.New(b, d, apptest.Options{Env: map[string]string{"VIDRA_SMTP_URL": m.URL}})
			m.Wait(b, apptest.DefaultEmail)
			w := &orgWorld{t: b, s: s, mail: m}
			w.orgID = s.CreateOrganization("Bench")
			proj := s.CreateProject(w.orgID, "Bench")
			folders := seedBenchVideos(b, s, proj, 20, 100)
			granted := ""
			for i, f := range folders[:5] {
				if i > 0 {
					granted += ", "
				}
				granted += `{"action": "read", "folder_id": "` + f + `"}`
			}
			orgWide := w.join("wide@example.test", "member", `"{\"folders.read\": true}"`)
			perFolder := w.join("narrow@example.test", "member", `[{"entity_id": "`+proj+`", "entity_type": "projects", "name": "custom", "action": "",
				"permission": [{"name": "folders", "action": "custom", "folders": [`+granted+`]}]}]`)
			path := "/v1/projects/" + proj + "/videos?limit=50"
			timeList := func(caller *apptest.Server) time.Duration {
				start := time.Now()
				for range permBenchRequests {
					callREST(b, caller, http.StatusOK, "GET", path, "")
				}
				return time.Since(start)
			}
			var owner, wide, narrow time.Duration
			b.ResetTimer()
			for range b.N {
				owner += timeList(s)
				wide += timeList(orgWide)
				narrow += timeList(perFolder)
			}
			n := float64(b.N * permBenchRequests)
			b.ReportMetric(float64(owner.Nanoseconds())/n, "owner-ns/req")
			b.ReportMetric(float64(wide.Nanoseconds())/n, "member-orgwide-ns/req")
			b.ReportMetric(float64(narrow.Nanoseconds())/n, "member-5folders-ns/req")
			b.ReportMetric(float64(wide)/float64(owner), "orgwide/owner")
			b.ReportMetric(float64(narrow)/float64(owner), "5folders/owner")
		})
	}
}

// seedBenchVideos creates folders with videos each, straight through ent, and
// returns the folder ids.
func seedBenchVideos(b *testing.B, s *apptest.Server, proj string, folders, perFolder int) []string {
	b.Helper()
	ctx := apptest.System()
	client := s.App.DB.Client
	pid := uuid.MustParse(proj)
	var ids []string
	for i := range folders {
		f := client.Folder.Create().SetProjectID(pid).SetName(fmt.Sprintf("folder %d", i)).SaveX(ctx)
		ids = append(ids, f.ID.String())
		builders := make([]*ent.VideoCreate, perFolder)
		for j := range builders {
			builders[j] = client.Video.Create().SetProjectID(pid).SetFolderID(f.ID).SetTitle(fmt.Sprintf("video %d-%d", i, j))
		}
		client.Video.CreateBulk(builders...).ExecX(ctx)
	}
	return ids
}
