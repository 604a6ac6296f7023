package app_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// appOrigin is the configured web app origin of the CORS tests; keyOrigin is the
// origin apptest's API keys are bound to.
const (
	appOrigin = "https://app.vidra.test"
	keyOrigin = "https://app.example.test"
	otherSite = "https://elsewhere.test"
)

// corsRequest sends method to path with Origin and the given headers (no
// credential unless among them) and returns the status and response header.
func corsRequest(t *testing.T, s *apptest.Server, method, path, origin string, headers map[string]string, body string) (int, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, res.Header
}

// preflight sends a CORS preflight for method with the request headers named
// (lower case, sorted and comma-separated, as browsers send them).
func preflight(t *testing.T, s *apptest.Server, path, origin, method, headers string) (int, http.Header) {
	t.Helper()
	h := map[string]string{"Access-Control-Request-Method": method}
	if headers != "" {
		h["Access-Control-Request-Headers"] = headers
	}
	return corsRequest(t, s, http.MethodOptions, path, origin, h, "")
}

// wantAdmitted checks that a response lets origin read it.
func wantAdmitted(t *testing.T, what string, status, wantStatus int, h http.Header, origin string) {
	t.Helper()
	if status != wantStatus || h.Get("Access-Control-Allow-Origin") != origin {
		t.Errorf("%s: %d, Access-Control-Allow-Origin %q; want %d and %q", what, status, h.Get("Access-Control-Allow-Origin"), wantStatus, origin)
	}
}

// wantRefused checks that a response carries no CORS header (and, for a
// preflight, is not a 204).
func wantRefused(t *testing.T, what string, status int, h http.Header, isPreflight bool) {
	t.Helper()
	for k := range h {
		if strings.HasPrefix(k, "Access-Control-") {
			t.Errorf("%s: refused origin got %s: %q", what, k, h.Get(k))
		}
	}
	if isPreflight && status != http.StatusForbidden {
		t.Errorf("%s: refused preflight answered %d, want 403", what, status)
	}
}

// TestCORSPlayback: playback admits any origin for a project without allowed
// domains and only its domains otherwise, with Range allowed and the range
// headers exposed; a refused origin gets no CORS header.
func TestCORSPlayback(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		open := s.CreateVideo(s.CreateProject(org, "Open"), "", "Talk")
		closedProj := s.CreateProject(org, "Closed")
		accessControl(s, closedProj, `{allowedDomains: ["example.com", "*.tv.example.org"]}`)
		closed := s.CreateVideo(closedProj, "", "Talk")
		s.MustGraphQL(`mutation($v: ID!) { setVideoChapters(videoID: $v, chapters: [{title: "Intro", startSeconds: 0}]) { id } }`,
			map[string]any{"v": open}, nil)

		st, h := corsRequest(t, s, "GET", "/v1/play/"+open+"/chapters.vtt", otherSite, map[string]string{"Range": "bytes=0-5"}, "")
		wantAdmitted(t, "open project GET", st, http.StatusPartialContent, h, otherSite)
		exposed := strings.ToLower(h.Get("Access-Control-Expose-Headers"))
		for _, want := range []string{"content-length", "content-range", "accept-ranges"} {
			if !strings.Contains(exposed, want) {
				t.Errorf("exposed headers %q lack %s", exposed, want)
			}
		}
		st, h = preflight(t, s, "/v1/play/"+open+"/master.m3u8", otherSite, "GET", "range,x-playback-token")
		wantAdmitted(t, "open project preflight", st, http.StatusNoContent, h, otherSite)
		if got := strings.ToLower(h.Get("Access-Control-Allow-Headers")); !strings.Contains(got, "range") || !strings.Contains(got, "x-playback-token") {
			t.Errorf("preflight allows headers %q", got)
		}

		st, h = preflight(t, s, "/v1/play/"+closed+"/master.m3u8", "https://live.tv.example.org", "GET", "range")
		wantAdmitted(t, "allowed domain preflight", st, http.StatusNoContent, h, "https://live.tv.example.org")
		st, h = corsRequest(t, s, "GET", "/v1/play/"+closed+"/chapters.vtt", "https://example.com", nil, "")
		// No chapters: the 404 is readable by the allowed page.
		wantAdmitted(t, "allowed domain GET", st, http.StatusNotFound, h, "https://example.com")
		st, h = corsRequest(t, s, "GET", "/v1/play/"+closed+"/chapters.vtt", otherSite, nil, "")
		wantRefused(t, "other domain GET", st, h, false)
		if st != http.StatusForbidden {
			t.Errorf("other domain GET: %d, want 403 from the playback policy", st)
		}
		st, h = preflight(t, s, "/v1/play/"+closed+"/master.m3u8", otherSite, "GET", "range")
		wantRefused(t, "other domain preflight", st, h, true)

		// Without Origin (same origin, curl) nothing changes.
		st, h = corsRequest(t, s, "GET", "/v1/play/"+open+"/chapters.vtt", "", nil, "")
		if st != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("no origin: %d %q", st, h.Get("Access-Control-Allow-Origin"))
		}
	})
}

// TestCORSUploads: tus and direct uploads admit any origin, allow Upload-Token
// and the tus headers, and expose Location and Upload-Offset.
func TestCORSUploads(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Uploads")
		token, _ := s.UploadToken(proj, 0)
		st, h := preflight(t, s, "/v1/uploads/", otherSite, "POST", "tus-resumable,upload-length,upload-metadata,upload-token")
		wantAdmitted(t, "tus preflight", st, http.StatusNoContent, h, otherSite)
		if got := strings.ToLower(h.Get("Access-Control-Allow-Headers")); !strings.Contains(got, "upload-token") {
			t.Errorf("tus preflight allows %q, want upload-token", got)
		}
		st, h = corsRequest(t, s, "POST", "/v1/uploads/", otherSite,
			map[string]string{"Upload-Token": token, "Tus-Resumable": "1.0.0", "Upload-Length": "10"}, "")
		wantAdmitted(t, "tus create", st, http.StatusCreated, h, otherSite)
		exposed := strings.ToLower(h.Get("Access-Control-Expose-Headers"))
		if !strings.Contains(exposed, "location") || !strings.Contains(exposed, "upload-offset") {
			t.Errorf("tus exposes %q", exposed)
		}
		if n := len(h.Values("Access-Control-Allow-Origin")); n != 1 {
			t.Errorf("%d Access-Control-Allow-Origin headers (tusd's own CORS must be off)", n)
		}
		loc := h.Get("Location")
		st, h = preflight(t, s, strings.TrimPrefix(loc, s.URL), otherSite, "PATCH", "content-type,tus-resumable,upload-offset")
		wantAdmitted(t, "tus PATCH preflight", st, http.StatusNoContent, h, otherSite)
		st, h = preflight(t, s, "/v1/uploads/direct", otherSite, "PUT", "content-type,upload-token")
		wantAdmitted(t, "direct preflight", st, http.StatusNoContent, h, otherSite)
	})
}

// TestCORSAPI: REST and GraphQL admit the configured app origins and the origin
// of an API key (the key presented on a request; any live key on a preflight);
// other origins get no CORS header and their preflights are 403.
func TestCORSAPI(t *testing.T) {
	forEachDialect(t, map[string]string{"VIDRA_APP_ORIGINS": appOrigin}, func(t *testing.T, s *apptest.Server) {
		s.SwitchOrganization(s.CreateOrganization("Acme"))
		bearer := "Bearer " + s.Token
		for _, path := range []string{"/v1/projects", "/graphql"} {
			st, h := preflight(t, s, path, appOrigin, "POST", "authorization,content-type,idempotency-key")
			wantAdmitted(t, path+" app preflight", st, http.StatusNoContent, h, appOrigin)
			if got := strings.ToLower(h.Get("Access-Control-Allow-Headers")); !strings.Contains(got, "idempotency-key") {
				t.Errorf("%s preflight allows %q", path, got)
			}
			st, h = preflight(t, s, path, keyOrigin, "POST", "content-type,x-api-key")
			wantRefused(t, path+" key origin preflight before any key", st, h, true)
			st, h = preflight(t, s, path, otherSite, "POST", "authorization,content-type")
			wantRefused(t, path+" other preflight", st, h, true)
		}
		st, h := corsRequest(t, s, "GET", "/v1/projects", appOrigin, map[string]string{"Authorization": bearer}, "")
		wantAdmitted(t, "REST from the app", st, http.StatusOK, h, appOrigin)
		if !strings.Contains(h.Get("Access-Control-Expose-Headers"), "Retry-After") {
			t.Errorf("REST exposes %q", h.Get("Access-Control-Expose-Headers"))
		}
		st, h = corsRequest(t, s, "POST", "/graphql", appOrigin,
			map[string]string{"Authorization": bearer, "Content-Type": "application/json"}, `{"query":"{ profile { id } }"}`)
		wantAdmitted(t, "GraphQL from the app", st, http.StatusOK, h, appOrigin)
		st, h = corsRequest(t, s, "GET", "/v1/projects", otherSite, map[string]string{"Authorization": bearer}, "")
		wantRefused(t, "REST from elsewhere", st, h, false)

		key := s.CreateAPIKey(`"{\"projects.read\": true}"`)
		for _, path := range []string{"/v1/projects", "/graphql"} {
			st, h = preflight(t, s, path, keyOrigin, "POST", "content-type,x-api-key")
			wantAdmitted(t, path+" key origin preflight", st, http.StatusNoContent, h, keyOrigin)
		}
		st, h = corsRequest(t, s, "GET", "/v1/projects", keyOrigin, map[string]string{"X-API-Key": key}, "")
		wantAdmitted(t, "REST with the key from its origin", st, http.StatusOK, h, keyOrigin)
		st, h = corsRequest(t, s, "POST", "/graphql", keyOrigin,
			map[string]string{"X-API-Key": key, "Content-Type": "application/json"}, `{"query":"{ projects(first: 1) { totalCount } }"}`)
		wantAdmitted(t, "GraphQL with the key from its origin", st, http.StatusOK, h, keyOrigin)
		st, h = corsRequest(t, s, "GET", "/v1/projects", otherSite, map[string]string{"X-API-Key": key}, "")
		wantRefused(t, "REST with the key from elsewhere", st, h, false)
		if st != http.StatusForbidden {
			t.Errorf("key from elsewhere: %d, want 403", st)
		}
		st, h = corsRequest(t, s, "GET", "/v1/projects", keyOrigin, map[string]string{"Authorization": bearer}, "")
		wantRefused(t, "bearer from the key's origin", st, h, false)
	})
}
