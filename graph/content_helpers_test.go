package graph_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
)

// sqlInt runs a query returning one integer on the server's database; the query
// uses ? placeholders.
func sqlInt(t *testing.T, s *apptest.Server, query string, args ...any) int {
	t.Helper()
	return s.SQLInt(query, args...)
}

// wantOpError runs an operation that must fail with code (and field, when not empty).
func wantOpError(t *testing.T, s *apptest.Server, code, field, query string, vars map[string]any) {
	t.Helper()
	res := s.GraphQL(query, vars)
	if len(res.Errors) == 0 {
		t.Fatalf("want %s, got data %s\nquery: %s", code, res.Data, query)
	}
	e := res.Errors[0]
	if e.Code() != code {
		t.Fatalf("code = %s (%s), want %s\nquery: %s", e.Code(), e.Message, code, query)
	}
	if field != "" && e.Extensions["field"] != field {
		t.Fatalf("field = %v (%s), want %s", e.Extensions["field"], e.Message, field)
	}
}

// wantUploadError runs an upload that must fail with code.
func wantUploadError(t *testing.T, s *apptest.Server, code, query string, vars map[string]any, f apptest.File) string {
	t.Helper()
	res := s.GraphQLUpload(query, vars, f)
	if len(res.Errors) == 0 {
		t.Fatalf("want %s, got data %s", code, res.Data)
	}
	if res.Errors[0].Code() != code {
		t.Fatalf("code = %s (%s), want %s", res.Errors[0].Code(), res.Errors[0].Message, code)
	}
	return res.Errors[0].Message
}

// mustUpload runs an upload that must succeed and decodes its data into out.
func mustUpload(t *testing.T, s *apptest.Server, query string, vars map[string]any, f apptest.File, out any) {
	t.Helper()
	res := s.GraphQLUpload(query, vars, f)
	if len(res.Errors) > 0 {
		t.Fatalf("GraphQL errors: %+v", res.Errors)
	}
	if err := json.Unmarshal(res.Data, out); err != nil {
		t.Fatalf("decode %s: %v", res.Data, err)
	}
}

// project makes an organization and a project and returns the project id.
func project(s *apptest.Server) string {
	return s.CreateProject(s.CreateOrganization("Acme"), "Docs")
}

// rebind rewrites ? placeholders to $n on PostgreSQL.
func rebind(s *apptest.Server, query string) string {
	if s.App.DB.Dialect == dialect.Postgres {
		for i := 1; strings.Contains(query, "?"); i++ {
			query = strings.Replace(query, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	return query
}

// waitBlobsRemoved polls until no blob is stored under key (a key or a prefix):
// the removal a change owed has run after its commit.
func waitBlobsRemoved(t *testing.T, s *apptest.Server, key string) {
	t.Helper()
	var left string
	if !poll.Within(time.Minute, func() bool {
		obj, err := s.App.Bucket.List(&blob.ListOptions{Prefix: key}).Next(context.Background())
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			t.Fatalf("list %s: %v", key, err)
		}
		left = obj.Key
		return false
	}) {
		t.Fatalf("%s is still stored", left)
	}
}
