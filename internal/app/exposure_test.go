package app_test

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestPlaygroundCarriesAContentSecurityPolicy(t *testing.T) {
	s := apptest.New(t, testdb.Dialects(t)[0])
	req, _ := http.NewRequest(http.MethodGet, s.URL+"/playground", nil)
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	var page strings.Builder
	_, _ = io.Copy(&page, res.Body)
	csp := res.Header.Get("Content-Security-Policy")
	if res.StatusCode != 200 || res.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(csp, "frame-ancestors 'none'") ||
		!strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Fatalf("GET /playground: %d, X-Frame-Options %q, CSP %q", res.StatusCode, res.Header.Get("X-Frame-Options"), csp)
	}
	// Every script the page has is allowed: by address, or inline by hash.
	scriptSrc := ""
	for _, d := range strings.Split(csp, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src ") {
			scriptSrc = d
		}
	}
	for _, m := range regexp.MustCompile(`(?s)<script\s+src="([^"]+)"`).FindAllStringSubmatch(page.String(), -1) {
		if !strings.Contains(scriptSrc, " "+m[1]) {
			t.Errorf("script %s is not in %q", m[1], scriptSrc)
		}
	}
	inline := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(page.String(), -1)
	if len(inline) == 0 {
		t.Fatal("no inline script found")
	}
	for _, m := range inline {
		sum := sha256.Sum256([]byte(m[1]))
		if hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(scriptSrc, hash) {
			t.Errorf("inline script hash %s is not in %q", hash, scriptSrc)
		}
	}
	if strings.Contains(scriptSrc, "unsafe-inline") || strings.Contains(scriptSrc, "*") {
		t.Errorf("script-src is too broad: %q", scriptSrc)
	}
}

func TestPlaygroundCanBeTurnedOff(t *testing.T) {
	s := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Env: map[string]string{"VIDRA_PLAYGROUND": "false"}})
	if status, _ := s.Get("/playground"); status != http.StatusNotFound {
		t.Fatalf("GET /playground with the playground off: %d", status)
	}
}

func TestIntrospectionSettings(t *testing.T) {
	const schemaQuery = `{ __schema { queryType { name } } }`
	const typeQuery = `query { ...T } fragment T on Query { __type(name: "Video") { name } }`
	off := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Env: map[string]string{"VIDRA_INTROSPECTION": "false"}})
	for _, q := range []string{schemaQuery, typeQuery} {
		for _, as := range []*apptest.Server{off, off.Anonymous()} {
			if code := as.ErrorCode(q, nil); code != "FORBIDDEN" {
				t.Errorf("introspection off, %s: code %q", q, code)
			}
		}
	}
	off.MustGraphQL(`{ __typename service { name } }`, nil, nil)

	// The default: for signed-in users and API keys, not for anonymous callers.
	authn := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Env: map[string]string{"VIDRA_APP_ORIGINS": "https://app.example.test"}})
	for _, q := range []string{schemaQuery, typeQuery} {
		if code := authn.Anonymous().ErrorCode(q, nil); code != "UNAUTHENTICATED" {
			t.Errorf("default introspection, anonymous, %s: code %q, want UNAUTHENTICATED", q, code)
		}
		authn.MustGraphQL(q, nil, nil)
	}
	authn.Anonymous().MustGraphQL(`{ __typename service { name } }`, nil, nil)
	key := authn.CreateAPIKey(`"{\"projects.read\": true}"`)
	authn.Anonymous().MustGraphQL(schemaQuery, nil, nil, http.Header{"X-Api-Key": {key}, "Origin": {"https://app.example.test"}})

	// Turned on for anyone (schema tooling without a credential).
	on := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Env: map[string]string{"VIDRA_INTROSPECTION": "true"}})
	on.Anonymous().MustGraphQL(schemaQuery, nil, nil)
}

func TestMetricsAreNotPublicOnTheAPIListener(t *testing.T) {
	// Without an admin key there is no /metrics on the API listener.
	plain := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Anonymous: true})
	if status, _ := plain.Get("/metrics"); status != http.StatusNotFound {
		t.Errorf("GET /metrics without an admin key configured: %d", status)
	}
	s := apptest.New(t, testdb.Dialects(t)[0], apptest.Options{Anonymous: true, Env: map[string]string{"VIDRA_ADMIN_API_KEY": "the-admin-key"}})
	for key, want := range map[string]int{"": http.StatusUnauthorized, "wrong": http.StatusUnauthorized, "the-admin-key": http.StatusOK} {
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/metrics", nil)
		if key != "" {
			req.Header.Set("X-API-Key", key)
		}
		res, err := s.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET /metrics with key %q: %d, want %d", key, res.StatusCode, want)
		}
	}
	// The admin listener serves them.
	rec := httptest.NewRecorder()
	plain.App.AdminHandler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "vidra_http_requests_total") {
		t.Errorf("admin listener GET /metrics: %d", rec.Code)
	}
}
