package app_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
)

type lockedBuffer struct {
	mu sync.Mutex
	bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Buffer.Write(p)
}

// loggingApp is an app on db with env (over a fresh data dir and no job workers,
// whose background lines belong to no request) that logs JSON into the buffer.
func loggingApp(t *testing.T, db *database.DB, env map[string]string) (*app.App, *lockedBuffer) {
	t.Helper()
	cfg, err := config.FromEnv(func(k string) string {
		switch k {
		case "VIDRA_DATA_DIR":
			return t.TempDir()
		case "VIDRA_WORKERS":
			return "false"
		}
		return env[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	a, err := app.NewWithDB(t.Context(), cfg, db, app.Options{Log: app.NewLogger(cfg, logs)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.StopSessionFeed)
	return a, logs
}

// TestEveryRequestLogLineCarriesItsRequestID checks the access line and a line
// logged inside the request (a GraphQL error) both carry the request's id.
func TestEveryRequestLogLineCarriesItsRequestID(t *testing.T) {
	db := testdb.Open(t, testdb.Dialects(t)[0])
	a, logs := loggingApp(t, db, map[string]string{"VIDRA_LOG_LEVEL": "debug"})
	srv := httptest.NewServer(a.Handler)
	defer srv.Close()
	// Closing the database makes the health check log a warning inside the request.
	_ = db.Close()
	res, err := http.Get(srv.URL + "/health")
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()

	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		id, _ := rec["request_id"].(string)
		if id == "" {
			t.Fatalf("log line without request_id: %s", line)
		}
		ids = append(ids, id)
	}
	if len(ids) < 2 || ids[0] != ids[len(ids)-1] {
		t.Fatalf("want the warning and the access line with one request id, got %v\n%s", ids, logs.String())
	}
}

// TestAccessLogNamesTheForwardedClient: behind a trusted proxy the access line's
// remote is the client from X-Forwarded-For and peer the proxy's connection; a
// request the proxy did not forward has its own address as remote and no peer.
func TestAccessLogNamesTheForwardedClient(t *testing.T) {
	a, logs := loggingApp(t, testdb.Open(t, "sqlite3"), map[string]string{"VIDRA_TRUSTED_PROXIES": "127.0.0.1/32"})
	srv := httptest.NewServer(a.Handler)
	defer srv.Close()
	for _, xff := range []string{"198.51.100.1, 203.0.113.5", ""} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/regions", nil)
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
	}
	var access []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == "request" {
			access = append(access, rec)
		}
	}
	if len(access) != 2 {
		t.Fatalf("access lines = %v", access)
	}
	if peer, _ := access[0]["peer"].(string); access[0]["remote"] != "203.0.113.5" || !strings.HasPrefix(peer, "127.0.0.1:") {
		t.Errorf("forwarded request: remote %v, peer %v; want 203.0.113.5 through 127.0.0.1", access[0]["remote"], access[0]["peer"])
	}
	if _, ok := access[1]["peer"]; access[1]["remote"] != "127.0.0.1" || ok {
		t.Errorf("direct request: remote %v, peer %v; want 127.0.0.1 and no peer", access[1]["remote"], access[1]["peer"])
	}
}

// TestAccessLogAndMetricsSeeTheAnswer checks the access line's status and
// byte count, and the request counter's status label, for an answer of each
// kind: the two middlewares share one wrapper of the response writer.
func TestAccessLogAndMetricsSeeTheAnswer(t *testing.T) {
	a, logs := loggingApp(t, testdb.Open(t, "sqlite3"), nil)
	srv := httptest.NewServer(a.Handler)
	defer srv.Close()
	sizes := map[string]int{}
	for _, path := range []string{"/v1/regions", "/v1/no-such-path"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		sizes[path] = len(body)
	}
	statuses := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == "request" {
			path, _ := rec["path"].(string)
			statuses[path], _ = rec["status"].(float64)
			if got, _ := rec["bytes"].(float64); int(got) != sizes[path] {
				t.Errorf("%s: access line says %v bytes, the client read %d", path, rec["bytes"], sizes[path])
			}
		}
	}
	if statuses["/v1/regions"] != 200 || statuses["/v1/no-such-path"] != 404 {
		t.Errorf("access line statuses = %v, want 200 and 404", statuses)
	}
	// Metrics are served on the admin listener.
	rec := httptest.NewRecorder()
	a.AdminHandler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	metrics := rec.Body.Bytes()
	for _, want := range []string{`vidra_http_requests_total{method="GET",route="/v1/regions",status="200"} 1`, `status="404"`} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("metrics lack %s:\n%s", want, metrics)
		}
	}
}
