package rest_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// bigPart is over the 8 MiB a multipart form keeps in memory, so its part is
// written to a temporary file while the form is parsed.
const bigPart = 9 << 20

// TestMultipartTempFilesRemoved sends multipart bodies with a file part large
// enough to go to the temporary directory down every way a request ends
// (refused without a credential, refused by the decoder, refused by the
// resolver, a GraphQL error, success) and counts the form's files ("multipart-*",
// net/http's names) in a temporary directory of the test's own ($TMPDIR, which
// os.TempDir reads): none may be left. The anonymous requests are refused before
// the body is read, so not even a temporary file is written for them.
// Sequential (t.Setenv), so no other test's forms share the directory.
func TestMultipartTempFilesRemoved(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s := apptest.New(t, d)
			org := s.CreateOrganization("Acme")
			proj := s.CreateProject(org, "Docs")
			video := s.CreateVideo(proj, "", "Intro")
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)

			png := testPNG + strings.Repeat("\x00", bigPart)
			for _, c := range []struct {
				name, path, method string
				anonymous          bool
				extra              map[string]string // non-file parts
				fileName           string            // the file part's name ("file" when empty)
				content            string
				want               int
			}{
				{name: "anonymous avatar", method: "PUT", path: "/v1/user/profile/avatar", anonymous: true, content: png, want: http.StatusUnauthorized},
				{name: "anonymous logo", method: "PUT", path: "/v1/projects/" + proj + "/logo", anonymous: true, content: png, want: http.StatusUnauthorized},
				{name: "anonymous caption", method: "POST", path: "/v1/projects/" + proj + "/videos/" + video + "/captions", anonymous: true,
					extra: map[string]string{"language": "fr"}, content: png, want: http.StatusUnauthorized},
				{name: "avatar over its limit", method: "PUT", path: "/v1/user/profile/avatar", content: png, want: http.StatusRequestEntityTooLarge},
				{name: "logo over its limit", method: "PUT", path: "/v1/projects/" + proj + "/logo", content: png, want: http.StatusRequestEntityTooLarge},
				{name: "caption over its limit", method: "POST", path: "/v1/projects/" + proj + "/videos/" + video + "/captions",
					extra: map[string]string{"language": "fr"}, content: png, want: http.StatusRequestEntityTooLarge},
				{name: "unknown part", method: "PUT", path: "/v1/user/profile/avatar", extra: map[string]string{"no_such_field": "1"},
					content: png, want: http.StatusBadRequest},
				{name: "unknown file part", method: "PUT", path: "/v1/user/profile/avatar", fileName: "other", content: png, want: http.StatusBadRequest},
				{name: "unknown video", method: "PUT", path: "/v1/projects/" + proj + "/videos/00000000-0000-4000-8000-000000000000/thumbnail",
					content: png, want: http.StatusNotFound},
				{name: "thumbnail stored", method: "PUT", path: "/v1/projects/" + proj + "/videos/" + video + "/thumbnail", content: png, want: http.StatusOK},
			} {
				body, contentType := bigMultipart(c.fileName, c.content, c.extra)
				req, err := http.NewRequest(c.method, s.URL+c.path, strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", contentType)
				if !c.anonymous {
					req.Header.Set("Authorization", "Bearer "+s.Token)
				}
				if status, _, _ := s.Do(req); status != c.want {
					t.Errorf("%s: status %d, want %d", c.name, status, c.want)
				}
				if left := formFiles(t, tmp); len(left) > 0 {
					t.Errorf("%s: %d temporary files left: %v", c.name, len(left), left)
					for _, f := range left {
						_ = os.Remove(f)
					}
				}
			}
			// The credential is checked before the body is read: a body that could
			// not be parsed is not even looked at (401, not 400).
			for _, ctype := range []string{"multipart/form-data; boundary=b", "application/json"} {
				req, _ := http.NewRequest("PUT", s.URL+"/v1/user/profile/avatar", strings.NewReader("--b\r\nbroken {"))
				req.Header.Set("Content-Type", ctype)
				if status, _, _ := s.Do(req); status != http.StatusUnauthorized {
					t.Errorf("anonymous broken %s body: status %d, want 401", ctype, status)
				}
			}
		})
	}
}

// bigMultipart is a multipart body with one PNG file part (named fileName,
// "file" when empty) and the extra fields, and its Content-Type.
func bigMultipart(fileName, content string, extra map[string]string) (string, string) {
	if fileName == "" {
		fileName = "file"
	}
	var parts []formPart
	for k, v := range extra {
		parts = append(parts, formPart{name: k, content: v})
	}
	parts = append(parts, formPart{name: fileName, filename: "big.png", contentType: "image/png", content: content})
	body, header := multipartBody(parts, fixtures{})
	return body, header.Get("Content-Type")
}

// formFiles lists the multipart form files in dir.
func formFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "multipart-*"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}
