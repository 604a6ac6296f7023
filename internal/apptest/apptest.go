// Package apptest starts a whole Vidra server over a fresh database for a test and
// talks to it over real HTTP, the way clients do.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/vimeotest"
)

// Server is a running Vidra server on a loopback port, over its own database.
type Server struct {
	// App is the server's app, for reading the database directly in assertions.
	App *app.App
	// URL is the server's base address, e.g. http://127.0.0.1:41234.
	URL string
	// Client sends the requests.
	Client *http.Client
	// Token is the bearer access token sent with every request; empty sends none.
	// New signs up DefaultEmail and keeps its token here.
	Token string

	// session, when set, is the sign-in whose tokens this view sends instead
	// of Token, renewed before they expire (SignedIn).
	session *signedIn
	t       testing.TB
	log     *testWriter
}

// Options tune a test server.
type Options struct {
	// DB, when set, is used instead of a fresh database (e.g. a counting one).
	DB *database.DB
	// Env overrides configuration variables (VIDRA_*).
	Env map[string]string
	// AuthLimits replace the sign-in rate limits (graph.DefaultAuthLimits when zero).
	AuthLimits graph.AuthLimits
	// PasswordHashing bounds concurrent password hashing (zero: the server's default).
	PasswordHashing auth.Hashing
	// Log, when set, receives a copy of the server's log lines (warnings and
	// errors), for tests that assert what the server logged.
	Log io.Writer
	// Anonymous skips signing up the default user: the server starts with no accounts.
	Anonymous bool
	// HostResolver resolves simulcast target host names (app.Options.HostResolver).
	HostResolver netguard.Resolver
}

// New starts a server over a fresh, migrated database of the dialect, stopped at cleanup.
func New(t testing.TB, dialectName string, opts ...Options) *Server {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	// Listen first, so the server knows the address clients see (upload and playback URLs).
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"VIDRA_DATA_DIR": t.TempDir(), "VIDRA_ADDR": "127.0.0.1:0", "VIDRA_PUBLIC_URL": "http://" + ln.Addr().String(),
		"VIDRA_JOB_POLL_INTERVAL": "50ms", "VIDRA_ALLOW_PRIVATE_NETWORKS": "true",
		"VIDRA_VIMEO_API_URL": SharedVimeo().URL,
	}
	for k, v := range o.Env {
		env[k] = v
	}
	cfg, err := config.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	db := o.DB
	if db == nil {
		db = testdb.Open(t, dialectName)
	}
	tw := &testWriter{t: t}
	t.Cleanup(tw.stop) // registered first, so it runs after the server has stopped
	var logTo io.Writer = tw
	if o.Log != nil {
		logTo = io.MultiWriter(tw, o.Log)
	}
	log := slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := app.NewWithDB(context.Background(), cfg, db, app.Options{Version: "test", Log: log, AuthLimits: o.AuthLimits,
		PasswordHashing: o.PasswordHashing, HostResolver: o.HostResolver})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Bucket.Close() })
	t.Cleanup(func() { _ = a.StopJobs() })
	t.Cleanup(func() { _ = a.StopRateLimits() })
	t.Cleanup(func() { _ = a.StopAnalytics() })
	t.Cleanup(a.StopSessionFeed)
	t.Cleanup(a.StopChangeFeed)
	srv := httptest.NewUnstartedServer(a.Handler)
	_ = srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	s := &Server{App: a, URL: srv.URL, Client: srv.Client(), t: t, log: tw}
	if !o.Anonymous {
		s = s.SignedIn(s.SignUp(DefaultEmail, DefaultPassword, "Owner"))
	}
	return s
}

// SharedVimeo is the fake Vimeo API (package vimeotest) every test server talks to
// unless its Options.Env names another: vimeotest.Token is valid, the account
// has vimeotest.DefaultVideos over two pages, and its download links answer 404
// (so an import fails at once). It lives as long as the test binary.
var SharedVimeo = sync.OnceValue(func() *vimeotest.Server {
	return vimeotest.Start(vimeotest.Options{Videos: vimeotest.DefaultVideos(), PerPage: 2})
})

// testWriter sends server logs to the test's log, shown only when it fails. Lines
// from background goroutines that outlive the test are dropped, as testing forbids
// logging after a test ends.
type testWriter struct {
	t    testing.TB
	mu   sync.Mutex
	done bool
	// kept is every line written (warnings and errors only), for LogContains.
	kept strings.Builder
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.kept.Write(p)
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// LogContains reports whether the server has logged (at warning level or
// above) a line containing substr.
func (s *Server) LogContains(substr string) bool {
	if s.log == nil {
		return false
	}
	s.log.mu.Lock()
	defer s.log.mu.Unlock()
	return strings.Contains(s.log.kept.String(), substr)
}

func (w *testWriter) stop() {
	w.mu.Lock()
	w.done = true
	w.mu.Unlock()
}

// GraphQLError is one error of a GraphQL response.
type GraphQLError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// Code is the error's extensions.code.
func (e GraphQLError) Code() string {
	s, _ := e.Extensions["code"].(string)
	return s
}

// GraphQLResponse is a decoded GraphQL response.
type GraphQLResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []GraphQLError  `json:"errors"`
}

// GraphQL posts an operation to /graphql and decodes the response.
func (s *Server) GraphQL(query string, vars map[string]any, headers ...http.Header) GraphQLResponse {
	s.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	s.authorize(req)
	for _, h := range headers {
		for k, v := range h {
			req.Header[k] = v
		}
	}
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("POST /graphql: %v", err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	var out GraphQLResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		s.t.Fatalf("POST /graphql: status %d, undecodable body %q: %v", res.StatusCode, raw, err)
	}
	return out
}

// MustGraphQL runs an operation that must succeed and decodes its data into out.
func (s *Server) MustGraphQL(query string, vars map[string]any, out any, headers ...http.Header) {
	s.t.Helper()
	res := s.GraphQL(query, vars, headers...)
	if len(res.Errors) > 0 {
		s.t.Fatalf("GraphQL errors: %+v\nquery: %s", res.Errors, query)
	}
	if out != nil {
		if err := json.Unmarshal(res.Data, out); err != nil {
			s.t.Fatalf("decode data %s: %v", res.Data, err)
		}
	}
}

// ErrorCode runs an operation that must fail and returns the first error's code.
func (s *Server) ErrorCode(query string, vars map[string]any, headers ...http.Header) string {
	s.t.Helper()
	res := s.GraphQL(query, vars, headers...)
	if len(res.Errors) == 0 {
		s.t.Fatalf("want an error, got data %s\nquery: %s", res.Data, query)
	}
	return res.Errors[0].Code()
}

// Get sends a GET to a path of the server and returns the status and body.
func (s *Server) Get(path string) (int, []byte) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	s.authorize(req)
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("GET %s: %v", path, err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

// ForEachDialect runs a test against a fresh server on SQLite and, when it answers,
// PostgreSQL, in parallel subtests named by dialect.
func ForEachDialect(t *testing.T, test func(t *testing.T, s *Server), opts ...Options) {
	t.Helper()
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			test(t, New(t, d, opts...))
		})
	}
}

// System is a context that bypasses the tenancy rules, for tests that read or
// seed the database directly.
func System() context.Context {
	return tenancy.SystemContext(context.Background(), "test fixture or assertion")
}
