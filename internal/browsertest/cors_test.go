package browsertest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// corsCall is one call of browser/pages/cors.js and what the page could read.
type corsCall struct {
	Status  int
	Success *bool
	Headers map[string]string
	Blocked string
}

// createKey creates an API key bound to origin over REST and returns its secret.
func createKey(t *testing.T, s *apptest.Server, origin, permissions string) string {
	t.Helper()
	status, env := s.REST("POST", "/v1/api-keys", `{"name": "browser key", "origin": "`+origin+`", "permissions": `+permissions+
		`, "expires_at": "`+time.Now().Add(time.Hour).UTC().Format(time.RFC3339)+`"}`)
	var out struct{ Key string }
	if status != http.StatusOK || json.Unmarshal(env.Result, &out) != nil || out.Key == "" {
		t.Fatalf("create API key: %d %+v", status, env)
	}
	return out.Key
}

// TestBrowserCrossOrigin: a page served by a second loopback listener (another
// origin) uses the REST API and GraphQL with fetch() (an API key bound to its
// origin, and a bearer token as the configured app origin), creates a tus upload
// with its Upload-Token header, and plays a video with hls.js from /v1/play of
// a project whose allowed domains admit it; a key bound to another origin and a
// project whose allowed domains do not admit the page are refused by the browser.
func TestBrowserCrossOrigin(t *testing.T) {
	t.Parallel()
	browsertest.Chromium(t)
	browsertest.Modules(t)
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			// The page's site has no backend: the page calls Vidra cross-origin. The
			// site is two origins: http://localhost:port is the configured app origin,
			// http://127.0.0.1:port only the origin of an API key.
			site := browsertest.NewSite(t, browsertest.SiteOptions{})
			appSite := strings.Replace(site.URL, "127.0.0.1", "localhost", 1)
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_APP_ORIGINS": appSite}})
			if site.URL == s.URL {
				t.Fatal("the page and the server share an origin")
			}
			s.SwitchOrganization(s.CreateOrganization("Acme"))
			proj := s.CreateProject(s.CreateOrganization("Media"), "Cross-origin")
			key := createKey(t, s, site.URL, `"{\"projects.read\": true}"`)
			otherKey := createKey(t, s, "https://elsewhere.test", `"{\"projects.read\": true}"`)
			token, _ := s.UploadToken(proj, 0)

			query := map[string]any{"query": `{ projects(first: 5) { totalCount } }`}
			bearer := map[string]string{"Authorization": "Bearer " + s.Token, "Content-Type": "application/json"}
			keyed := func(k string) map[string]string {
				return map[string]string{"X-API-Key": k, "Content-Type": "application/json"}
			}
			visit := func(base string, calls ...map[string]any) map[string]corsCall {
				t.Helper()
				var res map[string]corsCall
				url := strings.Replace(site.PageURL(t, "cors.html", map[string]any{"api": s.URL, "calls": calls}), site.URL, base, 1)
				browsertest.Run(t, browsertest.RunOptions{URL: url}, &res)
				t.Logf("page on %s read %+v", base, res)
				return res
			}
			readable := func(res map[string]corsCall, names ...string) {
				t.Helper()
				for _, name := range names {
					if c := res[name]; c.Blocked != "" || c.Status != http.StatusOK || c.Success == nil || !*c.Success {
						t.Errorf("%s: %+v, want a readable success", name, c)
					}
				}
			}
			blocked := func(res map[string]corsCall, names ...string) {
				t.Helper()
				for _, name := range names {
					if c := res[name]; c.Blocked == "" {
						t.Errorf("%s: the page read %+v, want a CORS failure", name, c)
					}
				}
			}

			// The key's origin: its key works, a bearer token or another key do not.
			res := visit(site.URL,
				map[string]any{"name": "restKey", "path": "/v1/projects", "headers": keyed(key)},
				map[string]any{"name": "graphqlKey", "method": "POST", "path": "/graphql", "body": query, "headers": keyed(key)},
				map[string]any{"name": "restOtherKey", "path": "/v1/projects", "headers": keyed(otherKey)},
				map[string]any{"name": "graphqlBearer", "method": "POST", "path": "/graphql", "body": query, "headers": bearer},
			)
			readable(res, "restKey", "graphqlKey")
			blocked(res, "restOtherKey", "graphqlBearer")

			// The app origin: bearer REST (a POST with Idempotency-Key) and GraphQL,
			// and a tus upload created with its Upload-Token header.
			post := map[string]string{"Idempotency-Key": "browser-1"}
			for k, v := range bearer {
				post[k] = v
			}
			res = visit(appSite,
				map[string]any{"name": "restBearerPost", "method": "POST", "path": "/v1/projects", "body": map[string]any{"name": "From the page"}, "headers": post},
				map[string]any{"name": "graphqlBearer", "method": "POST", "path": "/graphql", "body": query, "headers": bearer},
				map[string]any{"name": "tusCreate", "method": "POST", "path": "/v1/uploads/",
					"headers": map[string]string{"Upload-Token": token, "Tus-Resumable": "1.0.0", "Upload-Length": "10"}},
			)
			readable(res, "restBearerPost", "graphqlBearer")
			if c := res["tusCreate"]; c.Status != http.StatusCreated || !strings.Contains(c.Headers["location"], "/v1/uploads/") ||
				c.Headers["video-id"] == "" {
				t.Errorf("tus create: %+v, want 201 with a readable Location and Video-Id", c)
			}
		})
	}
}

// TestBrowserCrossOriginPlayback: hls.js on a page of another origin plays a
// video of a project whose allowed domains admit the page's host, fetch() reads
// a byte range with its headers, and a project whose allowed domains do not
// admit the page is refused by the browser.
func TestBrowserCrossOriginPlayback(t *testing.T) {
	t.Parallel()
	browsertest.Chromium(t)
	browsertest.Modules(t)
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			site := browsertest.NewSite(t, browsertest.SiteOptions{})
			s := apptest.New(t, d)
			org := s.CreateOrganization("Acme")
			allowed := s.CreateProject(org, "Allowed")
			refused := s.CreateProject(org, "Refused")
			for proj, domains := range map[string]string{allowed: `["127.0.0.1"]`, refused: `["example.com"]`} {
				s.MustGraphQL(`mutation($p: ID!) { putAccessControl(projectID: $p, input: {allowedDomains: `+domains+`}) { id } }`,
					map[string]any{"p": proj}, nil)
			}
			videoID := browsertest.ReadyVideo(t, s, allowed, 6)
			var res PlayResult
			browsertest.Run(t, browsertest.RunOptions{URL: site.PageURL(t, "play.html", map[string]any{
				"src": s.URL + "/v1/play/" + videoID + "/master.m3u8", "steps": []map[string]float64{{"play": 3}},
			}), Timeout: 60 * time.Second}, &res)
			t.Logf("allowed: played %v, levels %+v, hls errors %+v", res.Played, res.Levels, res.HlsErrors)
			if res.PlayedSeconds < 2.5 || len(res.Levels) == 0 {
				t.Errorf("played %.2f s of levels %+v cross-origin, want 3 s", res.PlayedSeconds, res.Levels)
			}

			// A byte range of the playlist, read with fetch as Safari's native player
			// asks; and the refused project's playlist, which the browser refuses.
			refusedID := s.CreateVideo(refused, "", "Refused")
			var calls map[string]corsCall
			browsertest.Run(t, browsertest.RunOptions{URL: site.PageURL(t, "cors.html", map[string]any{
				"api": s.URL,
				"calls": []map[string]any{
					{"name": "range", "path": "/v1/play/" + videoID + "/master.m3u8", "headers": map[string]string{"Range": "bytes=0-6"}},
					{"name": "refused", "path": "/v1/play/" + refusedID + "/master.m3u8"},
				},
			})}, &calls)
			t.Logf("page read %+v", calls)
			if c := calls["range"]; c.Status != http.StatusPartialContent || c.Headers["content-range"] == "" ||
				c.Headers["content-length"] != "7" || c.Headers["accept-ranges"] != "bytes" {
				t.Errorf("range: %+v, want 206 with Content-Range, Content-Length and Accept-Ranges readable", c)
			}
			if c := calls["refused"]; c.Blocked == "" {
				t.Errorf("refused domain: the page read %+v, want a CORS failure", c)
			}
		})
	}
}
