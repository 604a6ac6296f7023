package rest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/idempotency"
)

// postWithKey sends a REST POST with an Idempotency-Key (and the server's bearer
// token unless headers name a credential), validated against the OpenAPI
// document, and returns the status, header and body.
func postWithKey(t *testing.T, s *apptest.Server, path, key, body string, headers ...http.Header) (int, http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	for _, h := range headers {
		for k, v := range h {
			req.Header[k] = v
		}
	}
	if req.Header.Get("X-Api-Key") == "" {
		req.Header.Set("Authorization", "Bearer "+s.Token)
	}
	return s.Do(req)
}

// projectsNamed counts the projects with a name, in every organization.
func projectsNamed(s *apptest.Server, name string) int {
	return s.SQLInt("SELECT COUNT(*) FROM projects WHERE name = ?", name)
}

// TestIdempotencyKeyREST: a POST retried with its Idempotency-Key replays the
// first response (same status and body, Idempotency-Replayed: true) and creates
// nothing more; the key with another body is 422; a refused request releases
// its key; keys belong to their caller (an API key has its own); a malformed key
// is 400.
func TestIdempotencyKeyREST(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		s.SwitchOrganization(s.CreateOrganization("Acme"))
		st, h, first := postWithKey(t, s, "/v1/projects", "order-1", `{"name": "Once"}`)
		if st != http.StatusOK || h.Get("Idempotency-Replayed") != "" {
			t.Fatalf("first POST: %d %q %s", st, h.Get("Idempotency-Replayed"), first)
		}
		st, h, again := postWithKey(t, s, "/v1/projects", "order-1", `{ "name":"Once" }`)
		if st != http.StatusOK || h.Get("Idempotency-Replayed") != "true" || !bytes.Equal(first, again) {
			t.Errorf("retry: %d replayed=%q\n%s\nwant the first answer\n%s", st, h.Get("Idempotency-Replayed"), again, first)
		}
		if n := projectsNamed(s, "Once"); n != 1 {
			t.Errorf("%d projects named Once after a retry, want 1", n)
		}
		st, _, body := postWithKey(t, s, "/v1/projects", "order-1", `{"name": "Twice"}`)
		if st != http.StatusUnprocessableEntity || !strings.Contains(string(body), "different request") {
			t.Errorf("same key, other body: %d %s; want 422", st, body)
		}
		if n := projectsNamed(s, "Twice"); n != 0 {
			t.Errorf("%d projects named Twice, want none", n)
		}

		// A refused request (the name is too short) is not stored: fixed, it runs.
		st, _, body = postWithKey(t, s, "/v1/projects", "order-2", `{"name": ""}`)
		if st < 400 || st >= 500 {
			t.Fatalf("empty name: %d %s, want a refusal", st, body)
		}
		st, h, body = postWithKey(t, s, "/v1/projects", "order-2", `{"name": "Fixed"}`)
		if st != http.StatusOK || h.Get("Idempotency-Replayed") != "" || projectsNamed(s, "Fixed") != 1 {
			t.Errorf("corrected request under a released key: %d %s", st, body)
		}

		// An API key's keys are its own: the same key and body run again.
		apiKey := s.CreateAPIKey(`"{\"projects.read\": true, \"projects.write\": true}"`)
		st, h, body = postWithKey(t, s, "/v1/projects", "order-1", `{"name": "Once"}`, http.Header{"X-Api-Key": {apiKey}})
		if st != http.StatusOK || h.Get("Idempotency-Replayed") != "" || projectsNamed(s, "Once") != 2 {
			t.Errorf("API key with the user's key: %d replayed=%q %s", st, h.Get("Idempotency-Replayed"), body)
		}

		st, _, body = postWithKey(t, s, "/v1/projects", "has space", `{"name": "Bad key"}`)
		if st != http.StatusBadRequest || !strings.Contains(string(body), "Idempotency-Key") {
			t.Errorf("malformed key: %d %s, want 400", st, body)
		}
	})
}

// keyedResponse is a GraphQL response with its extensions.
type keyedResponse struct {
	apptest.GraphQLResponse
	Extensions map[string]any `json:"extensions"`
}

// postKeyed posts a mutation with the request extension idempotencyKey and
// decodes the response, extensions included.
func postKeyed(t *testing.T, s *apptest.Server, query, key string, vars map[string]any) keyedResponse {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"query": query, "variables": vars, "extensions": map[string]any{"idempotencyKey": key}})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.Token)
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	var out keyedResponse
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return out
}

// graphQLWithKey posts a mutation with the request extension idempotencyKey;
// a replayed answer comes back with a REPLAYED error, so callers can tell.
func graphQLWithKey(t *testing.T, s *apptest.Server, query, key string, vars map[string]any) apptest.GraphQLResponse {
	t.Helper()
	out := postKeyed(t, s, query, key, vars)
	if out.Extensions["idempotencyReplayed"] == true {
		out.Errors = append(out.Errors, apptest.GraphQLError{Message: "replayed", Extensions: map[string]any{"code": "REPLAYED"}})
	}
	return out.GraphQLResponse
}

// TestIdempotencyKeyGraphQL: a mutation with extensions.idempotencyKey runs
// once: its retry is replayed (extensions.idempotencyReplayed), other variables
// under the key are INVALID_INPUT, a request still running with the key is
// CONFLICT, and a failed mutation releases its key.
func TestIdempotencyKeyGraphQL(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		s.SwitchOrganization(org)
		const create = `mutation($name: String!) { createProject(input: {name: $name}) { id name } }`
		first := graphQLWithKey(t, s, create, "g-1", map[string]any{"name": "Graph"})
		if len(first.Errors) != 0 {
			t.Fatalf("first: %+v", first.Errors)
		}
		again := graphQLWithKey(t, s, create, "g-1", map[string]any{"name": "Graph"})
		if len(again.Errors) != 1 || again.Errors[0].Code() != "REPLAYED" || !bytes.Equal(first.Data, again.Data) {
			t.Errorf("retry: %s %+v, want the replayed %s", again.Data, again.Errors, first.Data)
		}
		if n := projectsNamed(s, "Graph"); n != 1 {
			t.Errorf("%d projects named Graph, want 1", n)
		}
		if res := graphQLWithKey(t, s, create, "g-1", map[string]any{"name": "Other"}); len(res.Errors) != 1 || res.Errors[0].Code() != "INVALID_INPUT" {
			t.Errorf("same key, other variables: %+v", res.Errors)
		}

		// A request with the key still running (claimed here as another replica would).
		var me struct{ Profile struct{ ID string } }
		s.MustGraphQL(`{ profile { id } }`, nil, &me)
		hash, err := idempotency.Hash(create, "", map[string]any{"name": "Slow"})
		if err != nil {
			t.Fatal(err)
		}
		store := &idempotency.Store{Client: s.App.DB.Client}
		if _, err := store.Begin(context.Background(), "user:"+me.Profile.ID+":org:"+org, "g-2", hash); err != nil {
			t.Fatal(err)
		}
		if res := graphQLWithKey(t, s, create, "g-2", map[string]any{"name": "Slow"}); len(res.Errors) != 1 || res.Errors[0].Code() != "CONFLICT" {
			t.Errorf("key still running: %s %+v, want CONFLICT", res.Data, res.Errors)
		}
		if n := projectsNamed(s, "Slow"); n != 0 {
			t.Errorf("%d projects named Slow, want none", n)
		}

		// A failed mutation (no such organization) is not stored.
		const inOrg = `mutation($name: String!, $org: ID!) { createProject(input: {name: $name, organizationID: $org}) { id } }`
		vars := map[string]any{"name": "Later", "org": "00000000-0000-0000-0000-000000000000"}
		if res := graphQLWithKey(t, s, inOrg, "g-3", vars); len(res.Errors) == 0 {
			t.Fatalf("create in no organization succeeded: %s", res.Data)
		}
		vars["org"] = org
		if res := graphQLWithKey(t, s, inOrg, "g-3", vars); len(res.Errors) != 0 || projectsNamed(s, "Later") != 1 {
			t.Errorf("retry after a failure: %s %+v", res.Data, res.Errors)
		}
	})
}
