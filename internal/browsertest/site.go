package browsertest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// SiteOptions configure a Site.
type SiteOptions struct {
	// Backend, when set, is the base URL every path outside /harness/ is passed to
	// (the Vidra server under test), so pages reach it on their own origin. Empty:
	// other paths answer 404, and pages call the backend cross-origin.
	Backend string
	// Headers are added to every request passed to the backend, as an edge proxy
	// adds them (e.g. the country header of VIDRA_COUNTRY_HEADER). The proxy also
	// sets X-Forwarded-For to the browser's address, so the backend should trust
	// 127.0.0.1 (VIDRA_TRUSTED_PROXIES) for these to count.
	Headers map[string]string
}

// maxBody is the most of a request body a Site keeps.
const maxBody = 64 << 10

// bodyKey is the context key of a request's kept body.
type bodyKey struct{}

// Request is one request the Site passed to the backend, with the status it got.
type Request struct {
	Method      string
	Path        string
	Query       string
	ContentType string
	// Body is the request body (its first 64 KB), e.g. a beacon's events.
	Body   string
	Status int
}

// Site is a loopback web server for test pages. It serves:
//   - /harness/hls.js: hls.js from browser/node_modules (the pinned version);
//   - /harness/dash.all.min.js: dash.js from browser/node_modules (pinned too);
//   - /harness/{name}: the files of browser/pages (test pages and their scripts);
//   - everything else: passed to the backend (SiteOptions.Backend).
type Site struct {
	// URL is the site's base address, e.g. http://127.0.0.1:40123.
	URL string

	mu       sync.Mutex
	requests []Request
}

// NewSite starts a Site, stopped at the test's cleanup. It installs the npm
// packages first (Modules).
func NewSite(t testing.TB, opts SiteOptions) *Site {
	t.Helper()
	dir := Modules(t)
	s := &Site{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /harness/hls.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeFile(w, r, filepath.Join(dir, "node_modules", "hls.js", "dist", "hls.min.js"))
	})
	mux.HandleFunc("GET /harness/dash.all.min.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeFile(w, r, filepath.Join(dir, "node_modules", "dashjs", "dist", "modern", "umd", "dash.all.min.js"))
	})
	mux.Handle("GET /harness/", http.StripPrefix("/harness/", http.FileServer(http.Dir(filepath.Join(dir, "pages")))))
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	if opts.Backend != "" {
		target, err := url.Parse(opts.Backend)
		if err != nil {
			t.Fatalf("backend %q: %v", opts.Backend, err)
		}
		proxy := &httputil.ReverseProxy{
			Rewrite: func(r *httputil.ProxyRequest) {
				if r.In.Body != nil && r.In.Body != http.NoBody {
					// Keep the body for Requests, and pass it on as it came.
					raw, err := io.ReadAll(io.LimitReader(r.In.Body, maxBody+1))
					if err == nil && len(raw) <= maxBody {
						r.Out.Body = io.NopCloser(bytes.NewReader(raw))
						r.Out = r.Out.WithContext(context.WithValue(r.Out.Context(), bodyKey{}, string(raw)))
					} else {
						r.Out.Body = io.NopCloser(io.MultiReader(bytes.NewReader(raw), r.In.Body))
					}
				}
				r.SetURL(target)
				r.SetXForwarded()
				for k, v := range opts.Headers {
					r.Out.Header.Set(k, v)
				}
			},
			ModifyResponse: func(res *http.Response) error {
				req := res.Request
				body, _ := req.Context().Value(bodyKey{}).(string)
				s.record(Request{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery,
					ContentType: req.Header.Get("Content-Type"), Body: body, Status: res.StatusCode})
				return nil
			},
		}
		mux.Handle("/", proxy)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *Site) record(r Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r)
}

// Requests returns the requests passed to the backend so far whose path starts
// with prefix (all when it is empty), in the order their answers came.
func (s *Site) Requests(prefix string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if strings.HasPrefix(r.Path, prefix) {
			out = append(out, r)
		}
	}
	return out
}
