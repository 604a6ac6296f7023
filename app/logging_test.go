package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/app"
	"github.com/vidra-dev/vidra/config"
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

// TestEveryRequestLogLineCarriesItsRequestID checks the access line and a line
// logged inside the request (a GraphQL error) both carry the request's id.
func TestEveryRequestLogLineCarriesItsRequestID(t *testing.T) {
	cfg, err := config.FromEnv(func(k string) string {
		// No job workers: their background lines belong to no request.
		return map[string]string{"VIDRA_DATA_DIR": t.TempDir(), "VIDRA_LOG_LEVEL": "debug", "VIDRA_WORKERS": "false"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	db := testdb.Open(t, testdb.Dialects(t)[0])
	a, err := app.NewWithDB(t.Context(), cfg, db, app.Options{Log: app.NewLogger(cfg, logs)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	defer srv.Close()
	// Closing the database makes the health check log a warning inside the request.
	db.SQL.Close()
	res, err := http.Get(srv.URL + "/health")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()

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
