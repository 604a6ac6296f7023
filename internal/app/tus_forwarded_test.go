package app_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestTusLocationForwardedOnlyFromTrustedProxies creates tus uploads with
// X-Forwarded-Host and -Proto (and Forwarded) from the test's loopback
// connection: the upload's Location follows them only when loopback is a trusted
// proxy (VIDRA_TRUSTED_PROXIES); from any other client it is the server's own.
func TestTusLocationForwardedOnlyFromTrustedProxies(t *testing.T) {
	for _, c := range []struct {
		name, proxies string
		wantPrefix    string // "" for the server's own address
	}{
		{"untrusted client", "", ""},
		{"other proxies trusted", "10.0.0.0/8", ""},
		{"trusted proxy", "127.0.0.1", "https://videos.example.com/v1/uploads/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := apptest.New(t, "sqlite3", apptest.Options{Env: map[string]string{"VIDRA_TRUSTED_PROXIES": c.proxies}})
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
			for _, headers := range []map[string]string{
				{"X-Forwarded-Host": "videos.example.com", "X-Forwarded-Proto": "https"},
				{"Forwarded": "host=videos.example.com;proto=https"},
			} {
				token, _ := s.UploadToken(proj, 1000)
				req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/uploads/", nil)
				req.Header.Set("Tus-Resumable", "1.0.0")
				req.Header.Set("Upload-Length", "1000")
				req.Header.Set("Upload-Metadata", "token "+base64.StdEncoding.EncodeToString([]byte(token)))
				for k, v := range headers {
					req.Header.Set(k, v)
				}
				res, err := s.Client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				_ = res.Body.Close()
				loc := res.Header.Get("Location")
				want := c.wantPrefix
				if want == "" {
					want = s.URL + "/v1/uploads/"
				}
				if res.StatusCode != http.StatusCreated || !strings.HasPrefix(loc, want) {
					t.Errorf("%v: status %d, Location %q; want 201 and %s...", headers, res.StatusCode, loc, want)
				}
			}
		})
	}
}
