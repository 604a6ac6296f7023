package crossorigin

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// policyForTest builds a policy whose checkers admit fixed origins and record
// which of them ran, and the handler behind it, which records that it ran.
func policyForTest(t *testing.T) (http.Handler, *[]string) {
	t.Helper()
	var calls []string
	p := New(Options{
		AppOrigins: []string{"https://app.example.com"},
		Playback: func(r *http.Request, origin string) (bool, error) {
			calls = append(calls, "playback "+origin)
			switch origin {
			case "https://broken.test":
				return false, errors.New("lookup failed")
			case "https://broken-but-true.test":
				return true, errors.New("lookup failed")
			}
			return origin == "https://site.test", nil
		},
		RequestAPIKey: func(r *http.Request, origin string) (bool, error) {
			calls = append(calls, "request key "+origin)
			return r.Header.Get("X-API-Key") == "k1" && origin == "https://keyed.test", nil
		},
		AnyAPIKey: func(_ context.Context, origin string) (bool, error) {
			calls = append(calls, "any key "+origin)
			return origin == "https://keyed.test", nil
		},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, "next")
		w.WriteHeader(http.StatusTeapot)
	})
	return p.Middleware(next), &calls
}

// TestMiddleware checks, per kind of route, which origins get CORS headers on
// an actual request, and that the request always reaches the handler.
func TestMiddleware(t *testing.T) {
	cases := []struct {
		name, method, path, origin, key string
		allowed                         bool
		expose                          string
		calls                           []string
	}{
		{"no origin passes untouched", http.MethodGet, "/v1/play/v/master.m3u8", "", "", false, "", []string{"next"}},
		{"playback admitted", http.MethodGet, "/v1/play/v/master.m3u8", "https://site.test", "", true,
			"Content-Length, Content-Range, Accept-Ranges, Content-Type", []string{"playback https://site.test", "next"}},
		{"playback refused", http.MethodGet, "/v1/play/v/master.m3u8", "https://other.test", "", false, "", []string{"playback https://other.test", "next"}},
		{"playback checker error refuses", http.MethodGet, "/v1/play/v/master.m3u8", "https://broken.test", "", false, "", []string{"playback https://broken.test", "next"}},
		{"playback checker error refuses even with true", http.MethodGet, "/v1/play/v/x", "https://broken-but-true.test", "", false, "", []string{"playback https://broken-but-true.test", "next"}},
		{"upload admits any origin", http.MethodPatch, "/v1/uploads/abc", "https://anyone.test", "", true,
			"Location, Upload-Offset, Upload-Length, Upload-Metadata, Upload-Expires, Upload-Defer-Length, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Upload-Concat, Upload-Incomplete, Upload-Complete, Upload-Draft-Interop-Version, Video-Id",
			[]string{"next"}},
		{"avatar admits any origin", http.MethodGet, "/v1/avatars/u.png", "https://anyone.test", "", true,
			"Content-Length, Content-Range, Accept-Ranges, Content-Type", []string{"next"}},
		{"api admits an app origin", http.MethodPost, "/graphql", "https://app.example.com", "", true,
			"Retry-After, Location, Idempotency-Replayed, Content-Disposition", []string{"next"}},
		{"api app origin is case-insensitive", http.MethodGet, "/v1/videos", "HTTPS://APP.EXAMPLE.COM", "", true,
			"Retry-After, Location, Idempotency-Replayed, Content-Disposition", []string{"next"}},
		{"api admits the presented key's origin", http.MethodGet, "/v1/videos", "https://keyed.test", "k1", true,
			"Retry-After, Location, Idempotency-Replayed, Content-Disposition", []string{"request key https://keyed.test", "next"}},
		{"api refuses a keyed origin without its key", http.MethodGet, "/v1/videos", "https://keyed.test", "", false, "",
			[]string{"request key https://keyed.test", "next"}},
		{"api refuses an app origin on another port", http.MethodGet, "/v1/videos", "https://app.example.com:8443", "", false, "",
			[]string{"request key https://app.example.com:8443", "next"}},
		{"play prefix needs its slash", http.MethodGet, "/v1/play", "https://site.test", "", false, "",
			[]string{"request key https://site.test", "next"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, calls := policyForTest(t)
			r := httptest.NewRequest(c.method, c.path, nil)
			if c.origin != "" {
				r.Header.Set("Origin", c.origin)
			}
			if c.key != "" {
				r.Header.Set("X-API-Key", c.key)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusTeapot {
				t.Errorf("status %d, want the handler's %d", w.Code, http.StatusTeapot)
			}
			got := w.Header().Get("Access-Control-Allow-Origin")
			if c.allowed && got != c.origin {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, c.origin)
			}
			if !c.allowed && got != "" {
				t.Errorf("Access-Control-Allow-Origin %q on a refused origin", got)
			}
			if e := w.Header().Get("Access-Control-Expose-Headers"); e != c.expose {
				t.Errorf("Access-Control-Expose-Headers %q, want %q", e, c.expose)
			}
			if c.origin != "" && w.Header().Get("Vary") == "" {
				t.Error("no Vary header on a cross-origin answer")
			}
			if w.Header().Get("Access-Control-Allow-Credentials") != "" {
				t.Error("credentials allowed; Vidra's credentials are never cookies")
			}
			assertCalls(t, *calls, c.calls)
		})
	}
}

// TestMiddlewarePreflight checks preflights: an admitted one is answered 204
// with the route's methods and max age and never reaches the handler, a
// refused one 403 without CORS headers, and an API preflight asks for any key
// bound to the origin since it carries none.
func TestMiddlewarePreflight(t *testing.T) {
	cases := []struct {
		name, path, origin, method, headers string
		status                              int
		allowed                             bool
		calls                               []string
	}{
		{"playback admitted", "/v1/play/v/seg.ts", "https://site.test", "GET", "range", http.StatusNoContent, true,
			[]string{"playback https://site.test"}},
		{"playback refused", "/v1/play/v/seg.ts", "https://other.test", "GET", "", http.StatusForbidden, false,
			[]string{"playback https://other.test"}},
		{"playback checker error", "/v1/play/v/seg.ts", "https://broken.test", "GET", "", http.StatusForbidden, false,
			[]string{"playback https://broken.test"}},
		{"upload admitted", "/v1/uploads/abc", "https://anyone.test", "PATCH", "tus-resumable,upload-offset", http.StatusNoContent, true, nil},
		{"api app origin", "/graphql", "https://app.example.com", "POST", "authorization,content-type", http.StatusNoContent, true, nil},
		{"api origin of a live key", "/v1/videos", "https://keyed.test", "DELETE", "x-api-key", http.StatusNoContent, true,
			[]string{"any key https://keyed.test"}},
		{"api origin of no key", "/v1/videos", "https://stranger.test", "GET", "", http.StatusForbidden, false,
			[]string{"any key https://stranger.test"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, calls := policyForTest(t)
			r := httptest.NewRequest(http.MethodOptions, c.path, nil)
			r.Header.Set("Origin", c.origin)
			r.Header.Set("Access-Control-Request-Method", c.method)
			if c.headers != "" {
				// Browsers send the names lower case, sorted, comma-separated
				// (Fetch), which is what rs/cors reads.
				r.Header.Set("Access-Control-Request-Headers", c.headers)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != c.status {
				t.Errorf("status %d, want %d", w.Code, c.status)
			}
			got := w.Header().Get("Access-Control-Allow-Origin")
			if c.allowed {
				if got != c.origin {
					t.Errorf("Access-Control-Allow-Origin %q, want %q", got, c.origin)
				}
				if m := w.Header().Get("Access-Control-Allow-Methods"); m != c.method {
					t.Errorf("Access-Control-Allow-Methods %q, want %q", m, c.method)
				}
				if a := w.Header().Get("Access-Control-Max-Age"); a != "600" {
					t.Errorf("Access-Control-Max-Age %q, want 600", a)
				}
			} else {
				if got != "" {
					t.Errorf("Access-Control-Allow-Origin %q on a refused preflight", got)
				}
				if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control %q on a refused preflight, want no-store", cc)
				}
				if v := w.Header().Get("Vary"); v != "Origin" {
					t.Errorf("Vary %q on a refused preflight, want Origin", v)
				}
			}
			assertCalls(t, *calls, c.calls)
		})
	}
}

// TestMiddlewarePreflightMethodNotAllowed checks that a preflight asking for
// a method the route does not take gets no CORS header, even from an admitted
// origin.
func TestMiddlewarePreflightMethodNotAllowed(t *testing.T) {
	h, _ := policyForTest(t)
	r := httptest.NewRequest(http.MethodOptions, "/v1/play/v/seg.ts", nil)
	r.Header.Set("Origin", "https://site.test")
	r.Header.Set("Access-Control-Request-Method", http.MethodPut)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if got := w.Header().Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("Access-Control-Allow-Origin %q for a PUT preflight on playback", got)
	}
}

// TestMiddlewareWithoutKeyCheckers checks that the API refuses an origin that
// is not an app origin when no API key checker is configured.
func TestMiddlewareWithoutKeyCheckers(t *testing.T) {
	p := New(Options{AppOrigins: []string{"https://app.example.com"}, Playback: anyOriginChecker})
	h := p.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for _, preflight := range []bool{false, true} {
		r := httptest.NewRequest(http.MethodGet, "/v1/videos", nil)
		if preflight {
			r.Method = http.MethodOptions
			r.Header.Set("Access-Control-Request-Method", "GET")
		}
		r.Header.Set("Origin", "https://keyed.test")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Get("Access-Control-Allow-Origin"); got != "" {
			t.Errorf("preflight %v: Access-Control-Allow-Origin %q", preflight, got)
		}
		if preflight && w.Code != http.StatusForbidden {
			t.Errorf("refused preflight answered %d, want 403", w.Code)
		}
	}
}

// assertCalls compares the checkers and handler that ran with want.
func assertCalls(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("calls %q, want %q", got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("calls %q, want %q", got, want)
			return
		}
	}
}
