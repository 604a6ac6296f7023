package rest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/projectsetting"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestBadStringsRefused sends strings that are not valid UTF-8 or hold NUL or
// (in single-line fields) other control characters, over REST and GraphQL, on
// both databases: each is refused before any resolver runs (422 naming the
// field; INVALID_INPUT with its path), and nothing is written.
func TestBadStringsRefused(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		p := "/v1/projects/" + proj
		for _, c := range []struct {
			name, method, path, body string
			field                    string // the REST field named in errors[].field
		}{
			{"NUL in a folder name", "POST", p + "/folders", `{"name": "a\u0000b"}`, "name"},
			{"NUL in a video title", "POST", p + "/videos", `{"title": "\u0000"}`, "title"},
			{"NUL in a metadata value", "POST", p + "/videos", `{"title": "ok", "metadata": {"k": ["x\u0000"]}}`, "metadata.k[0]"},
			{"NUL in a tag name", "POST", p + "/tags", `{"name": "t\u0000"}`, "name"},
			{"NUL in a setting key", "POST", p + "/settings", `[{"key": "k\u0000", "value": "v"}]`, "[0].key"},
			{"NUL in a setting value", "POST", p + "/settings", `[{"key": "transcoding", "value": "\u0000"}]`, "[0].value"},
			{"NUL in the login e-mail", "POST", "/v1/auth/login", `{"email": "owner\u0000@example.test", "password": "x"}`, "email"},
			{"NUL in the OTP e-mail", "POST", "/v1/auth/forgot-password/verify-otp", `{"email": "a\u0000@example.test", "otp": "123456"}`, "email"},
			{"line break in the importer credential", "POST", p + "/importers", `{"provider": "vimeo", "credential": "abc\r\nX-Evil: 1"}`, "credential"},
			{"escape in a folder name", "POST", p + "/folders", `{"name": "a\u001b[31m"}`, "name"},
			{"invalid UTF-8 in a query parameter", "GET", p + "/videos/custom-field?key=k&value=%ff", "", "value"},
			{"NUL in a query parameter", "GET", p + "/videos/search?q=a%00", "", "q"},
		} {
			status, env := s.REST(c.method, c.path, c.body)
			if status != http.StatusUnprocessableEntity || env.Success || len(env.Errors) == 0 ||
				env.Errors[0].Field == nil || *env.Errors[0].Field != c.field {
				t.Errorf("%s: status %d, envelope %+v; want 422 naming %s", c.name, status, env, c.field)
			}
		}

		// JSON is UTF-8: a body that is not is malformed (400), not quietly repaired.
		if status, env := s.REST("POST", p+"/videos", "{\"title\": \"\xff\"}"); status != http.StatusBadRequest || env.Success {
			t.Errorf("invalid UTF-8 in a JSON body: status %d, envelope %+v; want 400", status, env)
		}

		for _, c := range []struct {
			name, query string
			vars        map[string]any
			path        string
		}{
			{"NUL in a variable", `mutation($in: CreateFolderInput!) { createFolder(input: $in) { id } }`,
				map[string]any{"in": map[string]any{"name": "a\x00b", "projectID": proj}}, "variable.in.name"},
			{"line break in a name, whatever the variable is called", `mutation($x: String!, $p: ID!) { createTag(input: {name: $x, projectID: $p}) { id } }`,
				map[string]any{"x": "a\nb", "p": proj}, "variable.x"},
			{"NUL in a literal", `mutation { createTag(input: {name: "a\u0000", projectID: "` + proj + `"}) { id } }`, nil, "createTag.input.name"},
			{"NUL in the login e-mail", `mutation($e: String!) { login(email: $e, password: "x") { accessToken } }`,
				map[string]any{"e": "owner\x00@example.test"}, "variable.e"},
			{"NUL in a JSON key", `mutation($in: CreateVideoInput!) { createVideo(input: $in) { id } }`,
				map[string]any{"in": map[string]any{"projectID": proj, "title": "ok", "metadata": map[string]any{"k\x00": 1}}}, "variable.in.metadata.k\x00"},
		} {
			res := s.GraphQL(c.query, c.vars)
			if len(res.Errors) == 0 || res.Errors[0].Code() != "INVALID_INPUT" || pathString(res.Errors[0].Path) != c.path {
				t.Errorf("%s: errors %+v; want INVALID_INPUT at %q", c.name, res.Errors, c.path)
			}
		}

		ctx := apptest.System()
		db := s.App.DB.Client
		id := uuid.MustParse(proj)
		if n := db.Folder.Query().Where(folder.ProjectID(id)).CountX(ctx); n != 0 {
			t.Errorf("%d folders written", n)
		}
		if n := db.Video.Query().Where(video.ProjectID(id)).CountX(ctx); n != 0 {
			t.Errorf("%d videos written", n)
		}
		if n := db.Tag.Query().Where(tag.ProjectID(id)).CountX(ctx); n != 0 {
			t.Errorf("%d tags written", n)
		}
		if n := db.ProjectSetting.Query().Where(projectsetting.ProjectID(id)).CountX(ctx); n != 0 {
			t.Errorf("%d settings written", n)
		}
	})
}

// pathString joins a GraphQL error path with dots ("variable.in.name").
func pathString(path []any) string {
	parts := make([]string, len(path))
	for i, el := range path {
		switch el := el.(type) {
		case string:
			parts[i] = el
		default:
			parts[i] = fmt.Sprint(el)
		}
	}
	return strings.Join(parts, ".")
}
