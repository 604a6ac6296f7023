package graph_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// forEachDialectWith runs a test on each dialect with a server built from opts.
func forEachDialectWith(t *testing.T, opts func(t *testing.T) apptest.Options, test func(t *testing.T, s *apptest.Server)) {
	t.Helper()
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			test(t, apptest.New(t, d, opts(t)))
		})
	}
}

// rawGraphQL posts an operation with headers and returns the status, the
// response headers and the decoded body.
func rawGraphQL(t *testing.T, s *apptest.Server, query string, vars map[string]any, header http.Header) (int, http.Header, apptest.GraphQLResponse) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	var out apptest.GraphQLResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("decode %q: %v", raw, err)
	}
	return res.StatusCode, res.Header, out
}

// wantError asserts that a response failed with code and message.
func wantError(t *testing.T, res apptest.GraphQLResponse, code, message string) {
	t.Helper()
	if len(res.Errors) == 0 {
		t.Fatalf("want %s %q, got data %s", code, message, res.Data)
	}
	if got := res.Errors[0]; got.Code() != code || (message != "" && got.Message != message) {
		t.Fatalf("want %s %q, got %s %q", code, message, got.Code(), got.Message)
	}
}

func bearer(token string) http.Header {
	return http.Header{"Authorization": {"Bearer " + token}}
}
