package gqlserver

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// TestWriteResponseMatchesEncodingJSON checks the response writer against
// json.Marshal on every field of a response.
func TestWriteResponseMatchesEncodingJSON(t *testing.T) {
	yes := true
	responses := map[string]*graphql.Response{
		"data":                {Data: []byte(`{"a":"b","n":1.5,"l":[1,2]}`)},
		"no data":             {},
		"empty data":          {Data: []byte(`{}`)},
		"data and errors":     {Data: []byte(`{"a":null}`), Errors: gqlerror.List{{Message: "boom <x>", Path: ast.Path{ast.PathName("a")}, Extensions: map[string]any{"code": "NOT_FOUND"}}}},
		"errors only":         {Errors: gqlerror.List{{Message: "refused"}, {Message: "twice"}}},
		"extensions":          {Data: []byte(`{"a":1}`), Extensions: map[string]any{"z": 1, "a": []string{"&"}}},
		"escapes in data":     {Data: []byte(`{"a":"<&>"}`)},
		"only <":              {Data: []byte(`{"a":"x<y"}`)},
		"only >":              {Data: []byte(`{"a":"x>y"}`)},
		"only &":              {Data: []byte(`{"a":"x&y"}`)},
		"separator in data":   {Data: []byte("{\"a\":\"x\u2029y\u2028\"}")},
		"other E2 characters": {Data: []byte(`{"a":"“✓”—€"}`)},
		"E2 at the end":       {Data: []byte("{\"a\":\"\u2014\"}")},
		"incremental":         {Data: []byte(`{"a":1}`), Label: "l", Path: ast.Path{ast.PathIndex(0)}, HasNext: &yes},
	}
	for name, resp := range responses {
		want, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		writeResponse(&got, resp)
		if got.String() != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got.String(), want)
		}
	}
}
