package graph_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// FuzzGraphQLRequest sends any body to POST /graphql (the POST transport's
// decoding, the document bounds, then gqlgen's parsing and validation) as an
// anonymous client: the answer is never a 5xx and always a JSON object.
func FuzzGraphQLRequest(f *testing.F) {
	for _, seed := range []string{
		`{"query":"{ service { name version } }"}`,
		`{"query":"query($n: Int) { projects(first: $n) { totalCount } }","variables":{"n":"x"}}`,
		`{"query":"{ service { name `,
		`{"query": `,
		``,
		`[{"query":"{ __typename }"}]`,
		`{"query":123,"variables":[],"extensions":"x"}`,
		`{"query":null,"operationName":{}}`,
		`{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"00"}}}`,
		`{"query":"{ __schema { types { name fields { name } } } }"}`,
		`{"query":"` + strings.Repeat("{ a ", 40) + `"}`,
		`{"query":"{ service { ` + strings.Repeat("name ", 60) + `} }"}`,
		`{"query":"{ __typename @include(if: true) @skip(if: false) }"}`,
		`{"query":"{ node(id: \"\u0000\") { id } }"}`,
		`{"query":"{ node(id: \"\\ud800\") { id } }"}`,
		`{"query":"query A { __typename } query A { __typename }","operationName":"A"}`,
		"{\"query\":\"{ __typename }\"}\x00\xff",
	} {
		f.Add([]byte(seed))
	}
	s := apptest.New(f, testdb.Dialects(f)[0], apptest.Options{Anonymous: true})
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.App.Handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body)
		}
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("status %d, not a JSON object for %q: %q", rec.Code, body, rec.Body)
		}
		if errs, _ := out["errors"].([]any); len(errs) > 0 {
			if first, _ := errs[0].(map[string]any); first != nil {
				if ext, _ := first["extensions"].(map[string]any); ext != nil && ext["code"] == "INTERNAL" {
					t.Fatalf("INTERNAL error for %q: %s", body, rec.Body)
				}
			}
		}
	})
}
