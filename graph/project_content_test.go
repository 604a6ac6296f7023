package graph_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// pngImage returns a small valid PNG.
func pngImage(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const uploadLogo = `mutation($p: ID!, $file: Upload!) { uploadProjectLogo(projectID: $p, file: $file) { id logo } }`

func TestProjectLogoUpload(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		var out struct{ UploadProjectLogo struct{ ID, Logo string } }
		mustUpload(t, s, uploadLogo, map[string]any{"p": proj}, apptest.File{Var: "file", Name: "logo.txt", Content: pngImage(t)}, &out)
		first := out.UploadProjectLogo.Logo
		if !strings.HasPrefix(first, "projects/"+proj+"/logo/") || !strings.HasSuffix(first, ".png") {
			t.Fatalf("logo key = %q", first)
		}
		stored, err := s.App.Bucket.ReadAll(context.Background(), first)
		if err != nil || !bytes.Equal(stored, pngImage(t)) {
			t.Fatalf("stored logo differs: %v", err)
		}
		// A replacement removes the old blob after commit.
		mustUpload(t, s, uploadLogo, map[string]any{"p": proj}, apptest.File{Var: "file", Name: "l.png", Content: pngImage(t)}, &out)
		if out.UploadProjectLogo.Logo == first {
			t.Fatal("a new upload kept the old key")
		}
		waitBlobsRemoved(t, s, first)
		// Not an image, however it is named.
		msg := wantUploadError(t, s, "INVALID_INPUT", uploadLogo, map[string]any{"p": proj},
			apptest.File{Var: "file", Name: "logo.png", Content: []byte("<html>not an image</html>")})
		if !strings.Contains(msg, "PNG, JPEG, GIF or WebP") {
			t.Fatalf("message = %q", msg)
		}
		big := append(pngImage(t), make([]byte, 2<<20)...)
		wantUploadError(t, s, "TOO_LARGE", uploadLogo, map[string]any{"p": proj}, apptest.File{Var: "file", Name: "big.png", Content: big})
		wantUploadError(t, s, "NOT_FOUND", uploadLogo, map[string]any{"p": "01900000-0000-7000-8000-000000000000"},
			apptest.File{Var: "file", Name: "l.png", Content: pngImage(t)})
	})
}

func TestProjectSoftDelete(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		keep := s.CreateProject(org, "Keep")
		tag := s.CreateTag(proj, "cats")
		folder := s.CreateFolder(proj, "", "F")
		s.CreateVideo(proj, folder, "clip", tag)
		s.MustGraphQL(`mutation($p: ID!) { createPlayer(projectID: $p, input: {name: "P"}) { id } }`, map[string]any{"p": proj}, nil)

		var del struct{ DeleteProject string }
		s.MustGraphQL(`mutation($id: ID!) { deleteProject(id: $id) }`, map[string]any{"id": proj}, &del)
		if del.DeleteProject != proj {
			t.Fatalf("deleteProject = %q", del.DeleteProject)
		}
		wantOpError(t, s, "NOT_FOUND", "", `query($id: ID!) { project(id: $id) { id } }`, map[string]any{"id": proj})
		wantOpError(t, s, "NOT_FOUND", "", `mutation($id: ID!) { updateProject(id: $id, input: {name: "x"}) { id } }`, map[string]any{"id": proj})
		wantOpError(t, s, "NOT_FOUND", "", `mutation($id: ID!) { deleteProject(id: $id) }`, map[string]any{"id": proj})
		var orgOut struct {
			Organization struct{ Projects struct{ TotalCount int } }
		}
		s.MustGraphQL(`query($o: ID!) { organization(id: $o) { projects(first: 10) { totalCount } } }`, map[string]any{"o": org}, &orgOut)
		if orgOut.Organization.Projects.TotalCount != 1 {
			t.Fatalf("organization lists %d projects, want 1 (%s kept)", orgOut.Organization.Projects.TotalCount, keep)
		}
		// The row stays, marked deleted; its content is gone; its blobs are removed.
		if n := sqlInt(t, s, "SELECT count(*) FROM projects WHERE id = ? AND deleted_at IS NOT NULL", proj); n != 1 {
			t.Fatalf("soft-deleted rows = %d, want 1", n)
		}
		for _, table := range []string{"videos", "tags", "folders", "players"} {
			if n := sqlInt(t, s, "SELECT count(*) FROM "+table+" WHERE project_id = ?", proj); n != 0 {
				t.Fatalf("%s left: %d", table, n)
			}
		}
		waitBlobsRemoved(t, s, "projects/"+proj+"/")
	})
}

const upsertSettings = `mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key value } }`

func TestProjectSettingsValidation(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		var out struct{ UpsertProjectSettings []struct{ Key, Value string } }
		s.MustGraphQL(upsertSettings, map[string]any{"p": proj, "in": []map[string]string{
			{"key": "transcoding", "value": ` {"player_encryption": true, "other": 1} `},
			{"key": "custom", "value": "{player_encryption: maybe"},
		}}, &out)
		got := out.UpsertProjectSettings
		if len(got) != 2 || got[0].Key != "custom" || got[0].Value != "{player_encryption: maybe" ||
			got[1].Value != ` {"player_encryption": true, "other": 1} ` {
			t.Fatalf("settings = %+v", got)
		}
		for _, bad := range []string{`{"player_encryption": "yes"}`, `{player_encryption: true}`, `[]`, `null`, `true`, ``} {
			wantOpError(t, s, "INVALID_INPUT", "transcoding", upsertSettings, map[string]any{"p": proj, "in": []map[string]string{
				{"key": "other", "value": "x"},
				{"key": "transcoding", "value": bad},
			}})
		}
		// Nothing of a refused upsert was written.
		if n := sqlInt(t, s, "SELECT count(*) FROM project_settings WHERE project_id = ?", proj); n != 2 {
			t.Fatalf("settings rows = %d, want 2", n)
		}
	})
}
