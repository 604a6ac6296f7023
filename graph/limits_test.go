package graph_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// sqliteServer is enough for rules that do not touch the database's dialect.
func sqliteServer(t *testing.T) *apptest.Server {
	return apptest.New(t, testdb.Dialects(t)[0])
}

func TestConnectionsNeedABoundedPageSize(t *testing.T) {
	s := sqliteServer(t)
	for query, code := range map[string]string{
		`{ projects { edges { node { id } } } }`:                           "PAGE_SIZE_INVALID",
		`{ projects(first: 501) { edges { node { id } } } }`:               "PAGE_SIZE_INVALID",
		`{ projects(last: -1) { edges { node { id } } } }`:                 "PAGE_SIZE_INVALID",
		`query($n: Int) { projects(first: $n) { edges { node { id } } } }`: "PAGE_SIZE_INVALID",
	} {
		if got := s.ErrorCode(query, nil); got != code {
			t.Errorf("%s: code %q, want %q", query, got, code)
		}
	}
	s.MustGraphQL(`query($n: Int) { projects(first: $n) { totalCount } }`, map[string]any{"n": 500}, nil)
}

func TestDepthAndComplexityLimits(t *testing.T) {
	s := sqliteServer(t)
	deep := "{ node(id: \"01900000-0000-7000-8000-000000000000\") { ... on Folder { " +
		strings.Repeat("parent { ", 25) + "id" + strings.Repeat(" }", 25) + " } } }"
	if got := s.ErrorCode(deep, nil); got != "DEPTH_LIMIT_EXCEEDED" {
		t.Errorf("deep query: code %q", got)
	}
	// 500 projects x 500 folders x 500 videos is far past the limit: refused before
	// anything is read, because complexity multiplies by page size.
	wide := `{ projects(first: 500) { edges { node { folders(first: 500) { edges { node {
		videos(first: 500) { edges { node { id title } } } } } } } } } }`
	if got := s.ErrorCode(wide, nil); got != "COMPLEXITY_LIMIT_EXCEEDED" {
		t.Errorf("wide query: code %q", got)
	}
	// The same shape with small pages is fine.
	s.MustGraphQL(`{ projects(first: 10) { edges { node { folders(first: 10) { edges { node {
		videos(first: 10) { edges { node { id title } } } } } } } } } }`, nil, nil)
}

func TestIntrospectionAndGETTransport(t *testing.T) {
	s := sqliteServer(t)
	var schema struct {
		Schema struct{ QueryType struct{ Name string } } `json:"__schema"`
	}
	s.MustGraphQL(`{ __schema { queryType { name } } }`, nil, &schema)
	if schema.Schema.QueryType.Name != "Query" {
		t.Fatalf("introspection: %+v", schema)
	}
	status, body := s.Get("/graphql?query=" + url.QueryEscape(`{ service { name } }`))
	if status != 200 || !strings.Contains(string(body), `"name":"vidra"`) {
		t.Fatalf("GET /graphql: %d %s", status, body)
	}
}

func TestAutomaticPersistedQueries(t *testing.T) {
	s := sqliteServer(t)
	query := `{ service { name version } }`
	sum := sha256.Sum256([]byte(query))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	extJSON, _ := json.Marshal(ext)
	get := func(withQuery bool) string {
		q := url.Values{"extensions": {string(extJSON)}}
		if withQuery {
			q.Set("query", query)
		}
		_, body := s.Get("/graphql?" + q.Encode())
		return string(body)
	}
	if body := get(false); !strings.Contains(body, "PersistedQueryNotFound") {
		t.Fatalf("unknown hash: %s", body)
	}
	if body := get(true); !strings.Contains(body, `"version":"test"`) {
		t.Fatalf("registering: %s", body)
	}
	if body := get(false); !strings.Contains(body, `"version":"test"`) {
		t.Fatalf("by hash alone: %s", body)
	}
}
