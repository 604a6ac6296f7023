package graph_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/introspection"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/rest"
)

// hostileDocuments are documents past one document limit each, among them the
// probe's: one field repeated 12,000 times in 58 KB and 20,000 times in 97 KB.
func hostileDocuments() map[string]string {
	fields := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "f%d ", i)
		}
		return b.String()
	}
	aliases := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "a%d: __typename ", i)
		}
		return b.String()
	}
	fragments := func(n int) string {
		var b strings.Builder
		b.WriteString("{ __typename }")
		for i := range n {
			fmt.Fprintf(&b, " fragment F%d on Query { __typename }", i)
		}
		return b.String()
	}
	return map[string]string{
		"58 KB repeated field":  "{ service { " + strings.Repeat("name ", 12_000) + "} }",
		"97 KB repeated field":  "{ service { " + strings.Repeat("name ", 20_000) + "} }",
		"repeated field":        "{ service { " + strings.Repeat("name ", 60) + "} }",
		"repeated in fragments": "{ " + strings.Repeat("... on Query { __typename } ", 60) + "}",
		"many fields":           "{ " + fields(1_100) + "}",
		"many aliases":          "{ " + aliases(120) + "}",
		"deep nesting":          strings.Repeat("{ a ", 40) + strings.Repeat("} ", 40),
		"many directives":       "{ __typename" + strings.Repeat(" @include(if: true)", 120) + " }",
		"many tokens":           "{ node(id: [" + strings.Repeat("1,", 6_000) + "]) { id } }",
		"many fragments":        fragments(60),
	}
}

func TestHostileDocumentsAreRefusedBeforeParsing(t *testing.T) {
	s := sqliteServer(t)
	for name, query := range hostileDocuments() {
		body, _ := json.Marshal(map[string]any{"query": query})
		status, res := s.PostBody("/graphql", "application/json", bytes.NewReader(body))
		if status != http.StatusUnprocessableEntity || !strings.Contains(string(res), `"code":"DOCUMENT_LIMIT_EXCEEDED"`) {
			t.Errorf("%s (%d bytes): %d %.300s", name, len(query), status, res)
		}
	}
	// A hostile document given with its persisted-query hash is refused and
	// not kept: its hash alone is then unknown.
	query := "{ service { " + strings.Repeat("name ", 60) + "} }"
	sum := sha256.Sum256([]byte(query))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	for _, body := range []map[string]any{{"query": query, "extensions": ext}, {"extensions": ext}} {
		raw, _ := json.Marshal(body)
		status, res := s.PostBody("/graphql", "application/json", bytes.NewReader(raw))
		if _, withQuery := body["query"]; withQuery && !strings.Contains(string(res), "DOCUMENT_LIMIT_EXCEEDED") ||
			!withQuery && !strings.Contains(string(res), "PersistedQueryNotFound") {
			t.Errorf("persisted query %v: %d %s", withQuery, status, res)
		}
	}
	// GET takes the same path.
	if status, res := s.Get("/graphql?query=" + url.QueryEscape(query)); status != http.StatusUnprocessableEntity || !strings.Contains(string(res), "DOCUMENT_LIMIT_EXCEEDED") {
		t.Errorf("GET: %d %s", status, res)
	}
}

// TestRESTOperationsPassTheBounds holds every operation of the REST route
// table within the document limits, with room to spare.
func TestRESTOperationsPassTheBounds(t *testing.T) {
	half := gqlserver.DefaultLimits
	half.MaxQueryBytes /= 2
	half.MaxTokens /= 2
	half.MaxFields /= 2
	half.MaxAliases /= 2
	half.MaxDirectives /= 2
	half.MaxNesting /= 2
	half.MaxDefinitions /= 2
	half.MaxRepeatedFields /= 2
	exec := (&graph.Resolver{}).NewExecutor(half)
	for _, row := range rest.Table() {
		ctx := graphql.StartOperationTrace(context.Background())
		_, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: row.Operation})
		for _, err := range errs {
			if err.Extensions["code"] == "DOCUMENT_LIMIT_EXCEEDED" {
				t.Errorf("%s %s: %v", row.Method, row.Path, err)
			}
		}
	}
}

func TestLegitimateDocumentsPassTheBounds(t *testing.T) {
	s := sqliteServer(t)
	var schema struct {
		Schema struct{ Types []struct{ Name string } } `json:"__schema"`
	}
	s.MustGraphQL(introspection.Query, nil, &schema)
	if len(schema.Schema.Types) == 0 {
		t.Fatal("introspection returned no types")
	}
	// At the limits, not past them.
	s.MustGraphQL("{ service { "+strings.Repeat("name ", 51)+"} }", nil, nil)
	s.MustGraphQL("{ "+strings.Repeat("... on Query { __typename } ", 50)+"}", nil, nil)
}

// BenchmarkHostileDocuments measures what refusing each hostile document costs
// the server (its document checked, nothing parsed), and what the most costly
// documents within the limits cost to validate.
func BenchmarkHostileDocuments(b *testing.B) {
	exec := (&graph.Resolver{}).NewExecutor(gqlserver.DefaultLimits)
	run := func(b *testing.B, query string, wantErr bool) {
		ctx := graphql.StartOperationTrace(context.Background())
		b.SetBytes(int64(len(query)))
		i := 0
		for b.Loop() {
			q := query
			if !wantErr {
				// A comment of its own each time: the query cache never answers.
				i++
				q += "\n#" + strconv.Itoa(i)
			}
			_, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: q})
			if (len(errs) > 0) != wantErr {
				b.Fatalf("errors: %v", errs)
			}
		}
	}
	for name, query := range hostileDocuments() {
		b.Run("refused/"+name, func(b *testing.B) { run(b, query, true) })
	}
	var nested strings.Builder // 50 repeated fields, with fields below
	for range 26 {
		nested.WriteString("service { name version } regions { id name default } ")
	}
	for name, query := range map[string]string{
		"repeated field at the limit": "{ service { " + strings.Repeat("name ", 51) + "} }",
		"repeated subtrees":           "{ " + nested.String() + "}",
		"introspection":               introspection.Query,
	} {
		b.Run("accepted/"+name, func(b *testing.B) { run(b, query, false) })
	}
}

func TestGraphQLBodyLimit(t *testing.T) {
	s := sqliteServer(t)
	limit := gqlserver.DefaultLimits.MaxBodyBytes
	// A body that never ends, without a Content-Length: refused once past the
	// limit, having read one byte more than it.
	endless := &countingReader{}
	req := httptest.NewRequest(http.MethodPost, "/graphql", endless)
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.App.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"code":"TOO_LARGE"`) {
		t.Errorf("endless body: %d %s", rec.Code, rec.Body)
	}
	if endless.n > limit+1 {
		t.Errorf("the server read %d bytes of an endless body (limit %d)", endless.n, limit)
	}
	// A Content-Length past the limit: refused before reading.
	big := &countingReader{max: limit + 1}
	req = httptest.NewRequest(http.MethodPost, "/graphql", big)
	req.ContentLength = limit + 1
	req.Header.Set("Content-Type", "application/json")
	rec = httptest.NewRecorder()
	s.App.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || big.n != 0 {
		t.Errorf("declared length: %d, %d bytes read", rec.Code, big.n)
	}
	// Over the network as well; a body of exactly the limit is read (and, not
	// being JSON, refused as such).
	if status, _ := s.PostBody("/graphql", "application/json", &countingReader{max: limit + 1}); status != http.StatusRequestEntityTooLarge {
		t.Errorf("body past the limit: %d", status)
	}
	if status, res := s.PostBody("/graphql", "application/json", &countingReader{max: limit}); status != http.StatusBadRequest || !strings.Contains(string(res), "could not be decoded") {
		t.Errorf("body at the limit: %d %.200s", status, res)
	}
	// A multipart (upload) request whose length is past its limit: refused
	// before reading.
	upload := &countingReader{max: gqlserver.DefaultLimits.MaxUploadSize + 1}
	req = httptest.NewRequest(http.MethodPost, "/graphql", upload)
	req.ContentLength = gqlserver.DefaultLimits.MaxUploadSize + 1
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	rec = httptest.NewRecorder()
	s.App.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || upload.n != 0 || !strings.Contains(rec.Body.String(), "TOO_LARGE") {
		t.Errorf("multipart past the limit: %d, %d bytes read: %s", rec.Code, upload.n, rec.Body)
	}
	// One whose body runs past the limit as it is read (no declared length).
	small := s.App.Resolver.Authenticate(s.App.Resolver.NewHandler(gqlserver.Limits{MaxUploadSize: 1000}))
	form := "--x\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n" +
		`{"query":"mutation($f: Upload!) { __typename }","variables":{"f":null}}` +
		"\r\n--x\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n" + `{"0":["variables.f"]}` +
		"\r\n--x\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a.png\"\r\n\r\n" + strings.Repeat("a", 5000) + "\r\n--x--\r\n"
	req = httptest.NewRequest(http.MethodPost, "/graphql", io.MultiReader(strings.NewReader(form)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	rec = httptest.NewRecorder()
	small.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("multipart running past the limit: %d %s", rec.Code, rec.Body)
	}
	// GET: the query string.
	if status, res := s.Get("/graphql?query=" + strings.Repeat("x", gqlserver.DefaultLimits.MaxURLBytes)); status != http.StatusRequestURITooLong || !strings.Contains(string(res), "TOO_LARGE") {
		t.Errorf("long GET: %d %.200s", status, res)
	}
}

// countingReader yields spaces, max of them (endless when max is 0), and
// counts what was read.
type countingReader struct{ n, max int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	if c.max > 0 && c.n >= c.max {
		return 0, io.EOF
	}
	if c.max > 0 {
		p = p[:min(int64(len(p)), c.max-c.n)]
	}
	for i := range p {
		p[i] = ' '
	}
	c.n += int64(len(p))
	return len(p), nil
}
