package rest_test

import (
	"bytes"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/rest"
)

// malformedBody is one bad request body: its content type and bytes.
type malformedBody struct {
	name, contentType, body string
}

// malformedBodies are sent to every row, whatever it takes.
var malformedBodies = []malformedBody{
	{"empty", "application/json", ""},
	{"truncated JSON", "application/json", `{"name": "x`},
	{"only a brace", "application/json", `{`},
	{"null", "application/json", `null`},
	{"a string", "application/json", `"text"`},
	{"a number", "application/json", `42`},
	{"an array of scalars", "application/json", `[1, "two", null]`},
	{"an array of objects", "application/json", `[{}, {"name": "x"}]`},
	{"huge numbers", "application/json", `{"limit": 1e400, "first": 123456789012345678901234567890, "offset": -9223372036854775809}`},
	{"deep nesting", "application/json", strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat(`}`, 5000)},
	{"deep arrays", "application/json", strings.Repeat(`[`, 20000) + strings.Repeat(`]`, 20000)},
	{"NUL in strings", "application/json", `{"name": "a\u0000b", "title": "\u0000", "email": "x\u0000@example.com"}`},
	{"invalid UTF-8", "application/json", "{\"name\": \"\xff\xfe\", \"title\": \"\xc3\x28\"}"},
	{"invalid UTF-8 key", "application/json", "{\"\xff\": 1}"},
	{"duplicate keys", "application/json", `{"name": "a", "name": {"b": [1]}}`},
	{"byte order mark", "application/json", "\xef\xbb\xbf{}"},
	{"wrong content type", "text/plain", `{"name": "x"}`},
	{"form encoded", "application/x-www-form-urlencoded", `name=x&title=%00`},
	{"multipart without boundary", "multipart/form-data", "--x\r\n"},
	{"multipart cut short", "multipart/form-data; boundary=b",
		"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\nabc"},
	{"multipart unknown parts", "multipart/form-data; boundary=b",
		"--b\r\nContent-Disposition: form-data; name=\"nope\"\r\n\r\nv\r\n--b\r\nContent-Disposition: form-data; name=\"x\"; filename=\"\x00\"\r\n\r\n\x00\r\n--b--\r\n"},
}

// rowBodies are the bodies built from a row's own variables: each of them given a
// value of every wrong kind, so the request gets past unknown-key checks.
func rowBodies(t *testing.T, row rest.Route) []malformedBody {
	doc, err := parser.ParseQuery(&ast.Source{Input: row.Operation})
	if err != nil {
		t.Fatalf("%s %s: %v", row.Method, row.Path, err)
	}
	var keys []string
	for _, def := range doc.Operations[0].VariableDefinitions {
		keys = append(keys, rest.Snake(def.Variable))
	}
	values := map[string]string{
		"NUL":           `"a\u0000b"`,
		"invalid UTF-8": "\"\xff\"",
		"control":       `"a\u001b\nb"`,
		"object":        `{"a": {"b": []}}`,
		"array":         `[[], {}]`,
		"huge number":   `1e999`,
		"negative":      `-1`,
		"boolean":       `true`,
	}
	var out []malformedBody
	for kind, v := range values {
		var b strings.Builder
		b.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q: %s", k, v)
		}
		b.WriteString("}")
		out = append(out, malformedBody{"every variable " + kind, "application/json", b.String()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// TestMalformedBodiesNeverFail sends every malformed body, and bodies that give
// each of a row's variables a value of the wrong kind, to every row of the route
// table, signed in (the admin rows with the admin key), with each path parameter
// a fresh UUID (or a word), and a query string with bad values: no response may
// be a 5xx, and every one is no-store.
func TestMalformedBodiesNeverFail(t *testing.T) {
	const adminKey = "admin-key-for-malformed-bodies"
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		s.CreateOrganization("Acme")
		rows := rest.Table()
		// Logout ends the session the other rows are sent with: last.
		sort.SliceStable(rows, func(i, j int) bool {
			return rows[j].Path == "/auth/logout" && rows[i].Path != "/auth/logout"
		})
		sent := 0
		for _, row := range rows {
			url := s.URL + basePath(row.Host) + placeholder.ReplaceAllStringFunc(row.Path, func(m string) string {
				name := m[1 : len(m)-1]
				if name == "id" || strings.HasSuffix(name, "Id") {
					return uuid.NewString()
				}
				return "x"
			}) + "?limit=1e400&cursor=%ff&q=%00&key=%ff&value=%00"
			for _, b := range append(append([]malformedBody{}, malformedBodies...), rowBodies(t, row)...) {
				req, err := http.NewRequest(row.Method, url, bytes.NewReader([]byte(b.body)))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", b.contentType)
				if row.Host == rest.HostAdmin || row.AdminKey {
					req.Header.Set("X-API-Key", adminKey)
				} else {
					req.Header.Set("Authorization", "Bearer "+s.Token)
				}
				status, header, raw := s.Do(req)
				sent++
				if status >= 500 && !(row.UnavailableUnless != "" && status == http.StatusServiceUnavailable) {
					t.Errorf("%s %s (%s): status %d: %s", row.Method, basePath(row.Host)+row.Path, b.name, status, raw)
				}
				if cc := header.Get("Cache-Control"); cc != "no-store" {
					t.Errorf("%s %s (%s): Cache-Control %q, want no-store", row.Method, row.Path, b.name, cc)
				}
			}
		}
		t.Logf("%d rows, %d requests", len(rows), sent)
	}, apptest.Options{Env: map[string]string{"VIDRA_ADMIN_API_KEY": adminKey}})
}
