package app_test

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/vimeotest"
)

// forEachDialectWithVimeo runs a test on each database with a Vimeo API of its
// own (the subtests run in parallel and count, or revoke, what they did).
func forEachDialectWithVimeo(t *testing.T, account vimeotest.Options, test func(t *testing.T, s *apptest.Server, fake *vimeotest.Server)) {
	t.Helper()
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			fake := vimeotest.New(t, account)
			test(t, apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_VIMEO_API_URL": fake.URL}}), fake)
		})
	}
}

// importItem is an import item as the REST rows show it.
type importItem struct {
	ID            string  `json:"id"`
	ProviderID    string  `json:"provider_id"`
	Name          string  `json:"name"`
	Description   string  `json:"description"`
	Duration      int     `json:"duration"`
	Downloadable  bool    `json:"downloadable"`
	Quality       string  `json:"download_quality"`
	Size          int64   `json:"download_size"`
	Width         int     `json:"width"`
	State         string  `json:"state"`
	FailureReason *string `json:"failure_reason"`
	VideoID       *string `json:"video_id"`
	Video         *struct{ ID, Title, Status string }
}

// migration is an import migration as the REST rows show it.
type migration struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	FailureReason string `json:"failure_reason"`
	Total         int    `json:"total"`
	ItemCount     int    `json:"item_count"`
}

// vimeoClip is the file the fake Vimeo serves: a real clip when ffmpeg is here
// (the imported videos are then processed to ready), else bytes that import but
// cannot be processed.
func vimeoClip(t *testing.T) ([]byte, bool) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Log("ffmpeg is not installed: the imports are checked up to the arrival of their files")
		return []byte("not a video, but a file that imports"), false
	}
	data, err := os.ReadFile(clip.Make(t, 2, 320, 240, 25))
	if err != nil {
		t.Fatal(err)
	}
	return data, true
}

// restOK calls a REST row that must succeed and decodes its result into out.
func restOK(t *testing.T, s *apptest.Server, method, path, body string, out any) apptest.Envelope {
	t.Helper()
	status, env := s.REST(method, path, body)
	if status != http.StatusOK || !env.Success {
		t.Fatalf("%s %s: status %d, %+v", method, path, status, env)
	}
	if out != nil {
		if err := json.Unmarshal(env.Result, out); err != nil {
			t.Fatalf("%s %s: result %s: %v", method, path, env.Result, err)
		}
	}
	return env
}

// restFails calls a REST row that must fail with status, naming field when given.
func restFails(t *testing.T, s *apptest.Server, method, path, body string, status int, field string) apptest.Envelope {
	t.Helper()
	got, env := s.REST(method, path, body)
	if got != status || env.Success {
		t.Fatalf("%s %s %s: status %d, %+v; want %d", method, path, body, got, env, status)
	}
	if field != "" && (len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != field) {
		t.Errorf("%s %s %s: errors %+v; want one naming %s", method, path, body, env.Errors, field)
	}
	return env
}

// waitSync polls the job list until the migration leaves pending and running.
func waitSync(t *testing.T, s *apptest.Server, proj, id string) migration {
	t.Helper()
	var list []migration
	var done migration
	if !poll.Within(30*time.Second, func() bool {
		list = nil
		restOK(t, s, "GET", "/v1/projects/"+proj+"/importers/vimeo/jobs", "", &list)
		for _, m := range list {
			if m.ID == id && m.Status != "pending" && m.Status != "running" {
				done = m
				return true
			}
		}
		return false
	}) {
		t.Fatalf("migration %s not finished: %+v", id, list)
	}
	return done
}

// waitArrived polls a video until its file has arrived (or it failed).
func waitArrived(t *testing.T, s *apptest.Server, id string, real bool) apptest.Video {
	t.Helper()
	if real {
		return s.WaitVideo(id, 2*time.Minute)
	}
	var v apptest.Video
	if !poll.Within(time.Minute, func() bool {
		v = s.GetVideo(id)
		return v.Size > 0 || v.Status == "failed"
	}) {
		t.Fatalf("video %s still %s without its file", id, v.Status)
	}
	return v
}

// TestVimeoImportFlow drives the importer rows against a Vimeo API on loopback:
// credentials checked and kept secret, a sync over three pages, items with their
// states, imports of chosen and of all videos through the pull path, idempotent
// re-imports (also from a later migration), the pulled-videos list, and the
// failures a client can cause.
func TestVimeoImportFlow(t *testing.T) {
	data, real := vimeoClip(t)
	account := vimeotest.Options{PerPage: 2, Clip: data, Videos: []vimeotest.Video{
		{ID: "2001", Name: "Launch film", Description: "Our launch.", Duration: 2},
		{ID: "2002", Name: "Behind the scenes", Duration: 2},
		{ID: "2003", Name: "", Duration: 2},
		{ID: "2004", Name: "Interview", Duration: 2},
		{ID: "2005", Name: "Private cut", Duration: 2, NoDownload: true},
	}}
	forEachDialectWithVimeo(t, account, func(t *testing.T, s *apptest.Server, fake *vimeotest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Imports")
		other := s.CreateProject(org, "Other")
		base := "/v1/projects/" + proj + "/importers"

		restFails(t, s, "POST", base+"/sync", "", http.StatusConflict, "")
		restFails(t, s, "POST", base, `{"provider": "vimeo", "credential": "wrong-token"}`, http.StatusUnprocessableEntity, "credential")
		restFails(t, s, "POST", base, `{"provider": "vimeo", "credential": "  "}`, http.StatusUnprocessableEntity, "credential")
		if status, _ := s.REST("POST", base, `{"provider": "youtube", "credential": "x"}`); status != http.StatusBadRequest && status != http.StatusUnprocessableEntity {
			t.Errorf("unknown provider: status %d", status)
		}

		var imp struct {
			ID, Provider    string
			CredentialLast4 string `json:"credential_last4"`
			AccountName     string `json:"account_name"`
			AccountURI      string `json:"account_uri"`
		}
		env := restOK(t, s, "POST", base, `{"provider": "vimeo", "credential": "`+vimeotest.Token+`"}`, &imp)
		if strings.Contains(string(env.Result), vimeotest.Token) || strings.Contains(string(env.Result), "credential\"") {
			t.Errorf("the credential is in the response: %s", env.Result)
		}
		if imp.Provider != "vimeo" || imp.AccountName != "Test Studio" || imp.AccountURI != "/users/4242" ||
			imp.CredentialLast4 != vimeotest.Token[len(vimeotest.Token)-4:] {
			t.Errorf("importer = %+v", imp)
		}
		stored, err := s.App.DB.Client.Importer.Query().Where(importer.ProjectID(uuid.MustParse(proj))).Only(apptest.System())
		if err != nil || stored.Credential != vimeotest.Token || stored.ID.String() != imp.ID {
			t.Fatalf("stored importer %+v, %v", stored, err)
		}
		// Setting it again replaces it: one importer per provider.
		var again struct{ ID string }
		restOK(t, s, "POST", base, `{"provider": "vimeo", "credential": "`+vimeotest.Token+`"}`, &again)
		if again.ID != imp.ID {
			t.Errorf("set again made importer %s, want %s replaced", again.ID, imp.ID)
		}
		_, audits := s.REST("GET", "/v1/organization/audits?entity_id="+imp.ID, "")
		if !audits.Success || strings.Contains(string(audits.Result), vimeotest.Token) || !strings.Contains(string(audits.Result), "[redacted]") {
			t.Errorf("audit records of the importer: %s", audits.Result)
		}

		var m migration
		restOK(t, s, "POST", base+"/sync", "", &m)
		if m.Status != "pending" {
			t.Errorf("new sync = %+v", m)
		}
		if m = waitSync(t, s, proj, m.ID); m.Status != "done" || m.Total != 5 || m.ItemCount != 5 {
			t.Fatalf("sync = %+v", m)
		}
		var items []importItem
		restOK(t, s, "GET", base+"/jobs/"+m.ID+"/videos", "", &items)
		if len(items) != 5 {
			t.Fatalf("items = %+v", items)
		}
		for i, it := range items {
			want := []string{"2001", "2002", "2003", "2004", "2005"}[i]
			if it.ProviderID != want || it.State != "not_imported" || it.VideoID != nil || it.Downloadable != (want != "2005") {
				t.Errorf("item %d = %+v", i, it)
			}
		}
		if it := items[0]; it.Name != "Launch film" || it.Description != "Our launch." || it.Duration != 2 ||
			it.Quality != "hd" || it.Width != 320 || it.Size != int64(len(data)) {
			t.Errorf("first item = %+v", it)
		}
		page := restOK(t, s, "GET", base+"/jobs/"+m.ID+"/videos?limit=2", "", &items)
		if len(items) != 2 || page.Pagination == nil || !page.Pagination.HasMore || page.Pagination.NextCursor == nil {
			t.Fatalf("first page %+v %+v", items, page.Pagination)
		}
		restOK(t, s, "GET", base+"/jobs/"+m.ID+"/videos?limit=2&cursor="+url.QueryEscape(*page.Pagination.NextCursor), "", &items)
		if len(items) != 2 || items[0].ProviderID != "2003" {
			t.Errorf("second page %+v", items)
		}
		// Another project's migration is not found under this one, and vice versa.
		restFails(t, s, "GET", "/v1/projects/"+other+"/importers/jobs/"+m.ID+"/videos", "", http.StatusNotFound, "")
		restFails(t, s, "POST", "/v1/projects/"+other+"/importers/import", `{"migration_id": "`+m.ID+`"}`, http.StatusUnprocessableEntity, "migration_id")
		restFails(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`", "video_ids": ["2005"]}`, http.StatusUnprocessableEntity, "video_ids")
		restFails(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`", "video_ids": ["9999"]}`, http.StatusUnprocessableEntity, "video_ids")

		var imported []importItem
		restOK(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`", "video_ids": ["2001", "2003"]}`, &imported)
		if len(imported) != 2 || imported[0].State != "importing" || imported[0].VideoID == nil || imported[1].VideoID == nil ||
			imported[0].Video == nil || imported[0].Video.Title != "Launch film" || imported[1].Video.Title != "Vimeo video 2003" {
			t.Fatalf("import = %+v", imported)
		}
		first, second := *imported[0].VideoID, *imported[1].VideoID
		for _, id := range []string{first, second} {
			v := waitArrived(t, s, id, real)
			if v.Size != int64(len(data)) || (real && v.Status != "ready") {
				t.Fatalf("imported video %s: %s (%d bytes): %s", id, v.Status, v.Size, v.FailureReason)
			}
			// The pulled source is billed as storage like an uploaded one.
			if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND key = $2 AND bytes = $3 AND deleted_at IS NULL`,
				id, "videos/"+id+"/source", len(data)); n != 1 {
				t.Errorf("stored source of imported video %s: %d records, want 1", id, n)
			}
		}
		restOK(t, s, "GET", base+"/jobs/"+m.ID+"/videos", "", &items)
		if items[0].State != "imported" || items[2].State != "imported" || items[1].State != "not_imported" {
			t.Errorf("states after the import: %+v", items)
		}
		// Through node(id:) with a narrow selection of its video, too.
		var node struct {
			Node struct {
				State string
				Video struct{ Title string }
			}
		}
		s.MustGraphQL(`query($id: ID!) { node(id: $id) { ... on ImportItem { state video { title } } } }`,
			map[string]any{"id": items[0].ID}, &node)
		if node.Node.State != "imported" || node.Node.Video.Title != "Launch film" {
			t.Errorf("item through node(id:) = %+v", node.Node)
		}

		// Importing them again changes nothing.
		restOK(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`", "video_ids": ["2003", "2001", "2001"]}`, &imported)
		if len(imported) != 2 || *imported[0].VideoID != first || *imported[1].VideoID != second || imported[0].State != "imported" {
			t.Errorf("re-import = %+v", imported)
		}
		// A later sync's items of the same Vimeo videos are linked to the same videos.
		var m2 migration
		restOK(t, s, "POST", base+"/sync", `{"provider": "vimeo"}`, &m2)
		if m2.ID == m.ID || waitSync(t, s, proj, m2.ID).Status != "done" {
			t.Fatalf("second sync %+v", m2)
		}
		restOK(t, s, "POST", base+"/import", `{"migration_id": "`+m2.ID+`", "video_ids": ["2001"]}`, &imported)
		if len(imported) != 1 || imported[0].VideoID == nil || *imported[0].VideoID != first {
			t.Errorf("import from the later sync = %+v", imported)
		}

		// No video_ids: every importable item (2005 offers no download).
		restOK(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`", "video_ids": []}`, &imported)
		if len(imported) != 5 || imported[1].State != "importing" || imported[3].State != "importing" ||
			imported[4].State != "not_imported" || *imported[0].VideoID != first {
			t.Errorf("import all = %+v", imported)
		}

		var pulled []struct {
			ID, Title, Status string
			SourceURL         string `json:"source_url"`
		}
		restOK(t, s, "GET", base+"/pull-videos", "", &pulled)
		if len(pulled) != 4 {
			t.Fatalf("pull videos = %+v", pulled)
		}
		for _, v := range pulled {
			if !strings.HasPrefix(v.SourceURL, fake.URL+"/download/") {
				t.Errorf("pulled video %+v", v)
			}
		}
		if n := s.App.DB.Client.Video.Query().CountX(apptest.System()); n != 4 {
			t.Errorf("%d videos, want 4 (no duplicates)", n)
		}
		if pages := fake.Pages(); len(pages) != 6 || pages[2] != "3" {
			t.Errorf("pages read = %v, want 1, 2, 3 twice", pages)
		}
	})
}

// TestVimeoSyncFailsWithItsReason: a token revoked on Vimeo after it was set fails
// the sync with a reason the client can read.
func TestVimeoSyncFailsWithItsReason(t *testing.T) {
	account := vimeotest.Options{Videos: vimeotest.DefaultVideos()}
	forEachDialectWithVimeo(t, account, func(t *testing.T, s *apptest.Server, fake *vimeotest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Imports")
		base := "/v1/projects/" + proj + "/importers"
		restOK(t, s, "POST", base, `{"provider": "vimeo", "credential": "`+vimeotest.Token+`"}`, nil)
		fake.Revoke()
		var m migration
		restOK(t, s, "POST", base+"/sync", "", &m)
		m = waitSync(t, s, proj, m.ID)
		if m.Status != "failed" || !strings.Contains(m.FailureReason, "refused") {
			t.Fatalf("sync with a revoked token = %+v", m)
		}
		restFails(t, s, "POST", base+"/import", `{"migration_id": "`+m.ID+`"}`, http.StatusConflict, "")
	})
}

// TestSetImporterWhenVimeoIsUnreachable: with Vimeo down the credential cannot be
// checked; the answer says so (500, as docs/ROUTES.md has no other server status) and
// nothing is stored.
func TestSetImporterWhenVimeoIsUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	_ = ln.Close() // nothing listens there now: connections are refused
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_VIMEO_API_URL": closed}})
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Imports")
			base := "/v1/projects/" + proj + "/importers"
			env := restFails(t, s, "POST", base, `{"provider": "vimeo", "credential": "`+vimeotest.Token+`"}`, http.StatusInternalServerError, "")
			if !strings.Contains(env.Message, "Vimeo could not be reached") {
				t.Errorf("message %q does not say Vimeo could not be reached", env.Message)
			}
			restFails(t, s, "POST", base+"/sync", "", http.StatusConflict, "") // no importer was stored
		})
	}
}
