package rest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestSecretResponsesNoStore makes the calls whose successful responses carry a
// secret (sign-in tokens from registration, login and refresh; an API key's and
// a webhook's secret; playback and upload tokens), over REST and GraphQL, and
// wants Cache-Control: no-store on each; the OpenAPI document stays cacheable.
// (TestMalformedBodiesNeverFail checks no-store on every row's refusals too.)
func TestSecretResponsesNoStore(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		video := s.CreateVideo(proj, "", "Intro")
		future := time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)

		anonymous := func(method, path, body string) (int, http.Header, []byte) { return send(t, s, "", method, path, body) }
		signedIn := func(method, path, body string) (int, http.Header, []byte) {
			return send(t, s, s.Token, method, path, body)
		}
		_, _, raw := anonymous("POST", "/v1/auth/login", `{"email": "`+apptest.DefaultEmail+`", "password": "`+apptest.DefaultPassword+`"}`)
		var login struct {
			Result struct {
				RefreshToken string `json:"refresh_token"`
			}
		}
		_ = json.Unmarshal(raw, &login)

		for _, c := range []struct {
			name, method, path, body string
			signedIn                 bool
			secret                   string // a key of the response that holds the secret
		}{
			{"register", "POST", "/v1/auth/register", `{"email": "new@example.test", "password": "a much longer passphrase", "name": "New"}`, false, "access_token"},
			{"login", "POST", "/v1/auth/login", `{"email": "` + apptest.DefaultEmail + `", "password": "` + apptest.DefaultPassword + `"}`, false, "refresh_token"},
			{"refresh", "POST", "/v1/auth/refresh-token", `{"refresh_token": "` + login.Result.RefreshToken + `"}`, false, "access_token"},
			{"API key", "POST", "/v1/api-keys", `{"name": "CI", "origin": "https://app.example.test", "permissions": [], "expires_at": "` + future + `"}`, true, "key"},
			{"webhook", "POST", "/v1/projects/" + proj + "/webhooks", `{"url": "` + okReceiver() + `/hook", "event_types": ["video.ready"]}`, true, "secret"},
			{"playback token", "POST", "/v1/key", `{"video_id": "` + video + `", "project_id": "` + proj + `", "expires_in": 600}`, true, "token"},
			{"upload token", "POST", "/v1/projects/" + proj + "/upload-tokens", `{"title": "Upload", "max_size": 1000000}`, true, "token"},
			{"GraphQL login", "POST", "/graphql", `{"query": "mutation { login(email: \"` + apptest.DefaultEmail + `\", password: \"` + apptest.DefaultPassword + `\") { accessToken } }"}`, false, "accessToken"},
		} {
			call := anonymous
			if c.signedIn {
				call = signedIn
			}
			status, header, raw := call(c.method, c.path, c.body)
			if status != http.StatusOK || !strings.Contains(string(raw), `"`+c.secret+`"`) {
				t.Errorf("%s: status %d, %s; want 200 with %s", c.name, status, raw, c.secret)
			}
			if cc := header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", c.name, cc)
			}
		}
		if _, header, _ := anonymous("GET", "/v1/openapi.json", ""); !strings.HasPrefix(header.Get("Cache-Control"), "public") {
			t.Errorf("openapi.json: Cache-Control %q, want public", header.Get("Cache-Control"))
		}
	})
}

// send makes a request with a JSON body and a bearer token (none when empty).
func send(t *testing.T, s *apptest.Server, token, method, path, body string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, raw
}
