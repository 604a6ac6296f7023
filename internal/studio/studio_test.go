package studio

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// shellBudget is the budget for the console's shell: what the first
// load fetches (page, script, stylesheet), gzip, as served: at most 200 KB.
const shellBudget = 200 * 1024

func site(t *testing.T) (*Handler, *httptest.Server) {
	t.Helper()
	h, err := New(Options{PublicURL: "https://videos.example.com/base"})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", Redirect)
	mux.Handle(Prefix, h)
	srv := httptest.NewServer(Handoff(mux))
	t.Cleanup(srv.Close)
	return h, srv
}

// reply is a response's status and headers (its body is read and closed by get).
type reply struct {
	StatusCode int
	Header     http.Header
}

func get(t *testing.T, url string, header map[string]string) (reply, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	c := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return reply{StatusCode: res.StatusCode, Header: res.Header}, body
}

// TestShellWeight: the page, script and stylesheet of the first load weigh at
// most 200 KB gzip as served, counted from the bytes a browser receives.
func TestShellWeight(t *testing.T) {
	_, srv := site(t)
	res, page := get(t, srv.URL+"/studio/", map[string]string{"Accept-Encoding": "gzip"})
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("page not gzip: %v", res.Header)
	}
	total := len(page)
	html := gunzip(t, page)
	assets := regexp.MustCompile(`/studio/assets/[^"]+`).FindAllString(string(html), -1)
	if len(assets) < 2 {
		t.Fatalf("the page names %d bundles, want the script, the stylesheet and their chunks: %s", len(assets), html)
	}
	for _, a := range assets {
		res, body := get(t, srv.URL+a, map[string]string{"Accept-Encoding": "gzip"})
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d %v", a, res.StatusCode, res.Header)
		}
		total += len(body)
	}
	t.Logf("shell: %d bytes gzip (%.1f KB), budget %d KB", total, float64(total)/1024, shellBudget/1024)
	if total > shellBudget {
		t.Errorf("the shell weighs %d bytes gzip, over the %d budget", total, shellBudget)
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPageAndAssets: every console path gets the page, not cached and under a
// strict policy; hashed bundles are cached for good; unknown bundles are 404;
// / redirects to the console; only GET and HEAD are served.
func TestPageAndAssets(t *testing.T) {
	h, srv := site(t)
	for _, p := range []string{"/studio/", "/studio/projects/x/videos", "/studio/sign-in?next=/studio/"} {
		res, body := get(t, srv.URL+p, nil)
		if res.StatusCode != 200 || !bytes.Contains(body, []byte(`<div id="app">`)) {
			t.Fatalf("%s: %d %s", p, res.StatusCode, body)
		}
		if res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s headers: %v", p, res.Header)
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "connect-src 'self' https://videos.example.com;",
			"img-src 'self' https://videos.example.com data:", "frame-src 'self' https://videos.example.com;", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", p, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP allows unsafe sources: %q", p, csp)
		}
	}
	for name := range h.files {
		res, body := get(t, srv.URL+"/studio/assets/"+name, nil)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != assetCache || !bytes.Equal(body, h.files[name].raw) {
			t.Fatalf("%s: %d %v", name, res.StatusCode, res.Header)
		}
		if strings.HasSuffix(name, ".js") && !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: Content-Type %q", name, res.Header.Get("Content-Type"))
		}
	}
	if res, _ := get(t, srv.URL+"/studio/assets/nope.js", nil); res.StatusCode != 404 {
		t.Errorf("unknown bundle: %d", res.StatusCode)
	}
	if res, _ := get(t, srv.URL+"/", nil); res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/studio/" {
		t.Errorf("/: %d %v", res.StatusCode, res.Header)
	}
	res, err := http.Post(srv.URL+"/studio/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", res.StatusCode)
	}
}

// TestOAuthReturn: a browser coming back from a provider goes to the console's
// page for it with the code and state; a REST client (no text/html) does not.
func TestOAuthReturn(t *testing.T) {
	_, srv := site(t)
	res, _ := get(t, srv.URL+"/v1/auth/oauth2/github/callback?code=abc&state=xyz&junk=1",
		map[string]string{"Accept": "text/html,application/xhtml+xml"})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/studio/oauth/github?code=abc&state=xyz" {
		t.Fatalf("browser: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, _ = get(t, srv.URL+"/v1/auth/oauth2/github/callback?code=abc&state=xyz", map[string]string{"Accept": "application/json"})
	if res.StatusCode == http.StatusSeeOther {
		t.Fatalf("a REST client was redirected")
	}
}

// TestDirectoryBuild: VIDRA_STUDIO_DIR serves a build from disk, and a build
// whose gzip encoding does not match its file is refused at start.
func TestDirectoryBuild(t *testing.T) {
	if _, err := New(Options{Dir: "dist"}); err != nil {
		t.Fatalf("the committed build, from disk: %v", err)
	}
	if _, err := New(Options{Dir: t.TempDir()}); err == nil {
		t.Fatal("an empty directory was accepted")
	}
}
