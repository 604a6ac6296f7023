package rest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// FuzzRequestDecoder feeds the REST request decoder (path parameters, query,
// JSON and multipart bodies -> variables) arbitrary requests for every row of the
// table: it must never panic, and every refusal is a requestError with a 4xx
// status. Run with `go test -fuzz FuzzRequestDecoder ./rest/`; without -fuzz the
// seed corpus runs as a normal test.
func FuzzRequestDecoder(f *testing.F) {
	db := testdb.Open(f, "sqlite3")
	r := graph.NewResolver(graph.Deps{Client: db.Client, Dialect: db.Dialect})
	h, err := New(r.NewExecutor(gqlserver.DefaultLimits), r.Schema().Schema(), Table(), Options{MaxJSONBody: 1 << 16, MaxUploadSize: 1 << 16})
	if err != nil {
		f.Fatal(err)
	}
	const id = "0194b3c2-7a1e-7c3d-9e4f-5a6b7c8d9e0f"
	// Each seed goes to four rows spread over the table, and every row gets the
	// first seed: enough for the fuzzer to start from every row without a
	// baseline of rows x seeds (TestMalformedBodiesNeverFail sends its bodies
	// to every row through HTTP).
	seeds := []struct{ param, query, ctype, body string }{
		{id, "", "", ""},
		{id, "limit=10&cursor=abc", "application/json", `{"name": "x"}`},
		{"not-a-uuid", "limit=1e400", "application/json", `[{"key": "k", "value": "v"}]`},
		{id, "q=%00&value=%ff", "application/json", `{"title": "a\u0000b", "metadata": {"k": [1, {"x": null}]}}`},
		{"x", "", "application/json", `{"name": `},
		{id, "", "application/json", "\xff\xfe"},
		{id, "", "application/json", strings.Repeat("[", 10000)},
		{id, "first=-1", "application/json", `{"a": 1e999, "b": -9223372036854775809}`},
		{id, "", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\nabc\r\n--b--\r\n"},
		{id, "", "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\nfr\r\n--b\r\n"},
		{id, "", "multipart/form-data", "garbage"},
		{id, "limit=5&limit=6", "text/plain", "null"},
		{"", "", "application/json", `"just a string"`},
		{id, "", "application/json", `{"to_folder_id": ""}`},
	}
	n := len(h.routes)
	for i := range h.routes {
		f.Add(uint16(i), seeds[0].param, seeds[0].query, seeds[0].ctype, []byte(seeds[0].body))
	}
	for k, s := range seeds[1:] {
		for j := 0; j < 4; j++ {
			f.Add(uint16((k*7+j*n/4)%n), s.param, s.query, s.ctype, []byte(s.body))
		}
	}
	// The upload rows get the multipart seeds.
	for i, c := range h.routes {
		for _, b := range c.bindings {
			if b.def.Type.NamedType != "Upload" {
				continue
			}
			for _, s := range seeds {
				if strings.HasPrefix(s.ctype, "multipart/") {
					f.Add(uint16(i), s.param, s.query, s.ctype, []byte(s.body))
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, row uint16, param, query, ctype string, body []byte) {
		c := h.routes[int(row)%len(h.routes)]
		req := &http.Request{
			Method: c.Method,
			URL:    &url.URL{Path: c.fullPath, RawQuery: query},
			Header: http.Header{"Content-Type": {ctype}},
			Body:   io.NopCloser(bytes.NewReader(body)),
		}
		rctx := chi.NewRouteContext()
		for _, p := range c.params {
			rctx.URLParams.Add(p, param)
		}
		req = req.WithContext(context.WithValue(context.Background(), chi.RouteCtxKey, rctx))
		vars, err := h.variables(req, c)
		defer releaseUploads(req, vars)
		if err == nil {
			return
		}
		var re *requestError
		if !errors.As(err, &re) {
			t.Fatalf("%s %s: %T %v is not a requestError", c.Method, c.Path, err, err)
		}
		if re.status < 400 || re.status > 499 {
			t.Fatalf("%s %s: status %d for %v", c.Method, c.Path, re.status, err)
		}
	})
}
