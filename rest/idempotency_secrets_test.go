package rest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/idempotency"
)

// storedResponses reads every response body of the idempotency_keys table
// directly.
func storedResponses(t *testing.T, s *apptest.Server) [][]byte {
	t.Helper()
	rows, err := s.App.DB.SQL.Query("SELECT response_body FROM idempotency_keys WHERE response_body IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var out [][]byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// graphQLKeyed posts a mutation with extensions.idempotencyKey and returns its
// data and extensions; any error fails the test.
func graphQLKeyed(t *testing.T, s *apptest.Server, query, key string, vars map[string]any) (map[string]any, map[string]any) {
	t.Helper()
	out := postKeyed(t, s, query, key, vars)
	if len(out.Errors) > 0 {
		t.Fatalf("%s: %+v", query, out.Errors)
	}
	var data map[string]any
	if err := json.Unmarshal(out.Data, &data); err != nil {
		t.Fatalf("%s: data %s: %v", query, out.Data, err)
	}
	return data, out.Extensions
}

// leaf follows a path of object keys in decoded JSON.
func leaf(v any, path ...string) any {
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// TestIdempotencyRecordsKeepNoSecret: the one-time secrets of responses made
// under an idempotency key (an API key, by REST and GraphQL; a webhook signing
// secret; an upload token; a stream key and the publish URL carrying it; the
// access and refresh tokens of switchOrganization) are not in the
// idempotency_keys table, read directly; a replay answers the first response
// with each secret replaced by the Withheld marker, flagged by the header
// Idempotency-Secrets-Withheld (REST) or the extension
// idempotencySecretsWithheld (GraphQL), and the rest (the key's id) intact.
func TestIdempotencyRecordsKeepNoSecret(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		var secrets []string

		// REST: POST /v1/api-keys.
		body := `{"name": "ci", "origin": "*", "permissions": [], "expires_at": "` + time.Now().Add(time.Hour).UTC().Format(time.RFC3339) + `"}`
		st, h, first := postWithKey(t, s, "/v1/api-keys", "rest-key", body)
		var created struct{ Result struct{ ID, Key string } }
		if st != http.StatusOK || json.Unmarshal(first, &created) != nil || !strings.HasPrefix(created.Result.Key, "vidra_") ||
			h.Get(idempotency.SecretsWithheldHeader) != "" {
			t.Fatalf("create API key: %d %s", st, first)
		}
		secrets = append(secrets, created.Result.Key)
		st, h, again := postWithKey(t, s, "/v1/api-keys", "rest-key", body)
		var replayed struct{ Result struct{ ID, Key string } }
		if st != http.StatusOK || h.Get("Idempotency-Replayed") != "true" || h.Get(idempotency.SecretsWithheldHeader) != "true" ||
			json.Unmarshal(again, &replayed) != nil || replayed.Result.ID != created.Result.ID || replayed.Result.Key != idempotency.Withheld {
			t.Fatalf("replayed API key creation: %d %v %s", st, h, again)
		}

		// GraphQL: each mutation that shows a secret, and the path of each.
		for _, c := range []struct {
			key, query string
			paths      [][]string
		}{
			{"g-api-key", `mutation { createApiKey(input: {name: "gq", origin: "*", permissions: [], expiresAt: "2099-01-01T00:00:00Z"}) { key apiKey { id } } }`,
				[][]string{{"createApiKey", "key"}}},
			{"g-webhook", `mutation($p: ID!) { createWebhookEndpoint(projectID: $p, input: {url: "http://127.0.0.1:9/hook", eventTypes: ["video.created"]}) { secret endpoint { id } } }`,
				[][]string{{"createWebhookEndpoint", "secret"}}},
			{"g-upload", `mutation($p: ID!) { createUploadToken(projectID: $p, input: {}) { token video { id } } }`,
				[][]string{{"createUploadToken", "token"}}},
			{"g-live", `mutation($p: ID!) { createLiveStream(projectID: $p, input: {name: "Live"}) { streamKey rtmpPublishURL liveStream { id } } }`,
				[][]string{{"createLiveStream", "streamKey"}, {"createLiveStream", "rtmpPublishURL"}}},
			{"g-switch", `mutation($o: ID!) { switchOrganization(id: $o) { accessToken refreshToken } }`,
				[][]string{{"switchOrganization", "accessToken"}, {"switchOrganization", "refreshToken"}}},
		} {
			vars := map[string]any{"p": project, "o": org}
			data, ext := graphQLKeyed(t, s, c.query, c.key, vars)
			if ext[idempotency.SecretsWithheldExt] != nil {
				t.Fatalf("%s: first response flagged: %v", c.key, ext)
			}
			for _, p := range c.paths {
				v, _ := leaf(data, p...).(string)
				if len(v) < 16 {
					t.Fatalf("%s: %v is %q, want a secret", c.key, p, v)
				}
				if p[len(p)-1] != "rtmpPublishURL" {
					secrets = append(secrets, v)
				}
			}
			rdata, rext := graphQLKeyed(t, s, c.query, c.key, vars)
			if rext["idempotencyReplayed"] != true || rext[idempotency.SecretsWithheldExt] != true {
				t.Fatalf("%s: replay extensions %v", c.key, rext)
			}
			for _, p := range c.paths {
				if v, _ := leaf(rdata, p...).(string); !strings.Contains(v, idempotency.Withheld) {
					t.Errorf("%s: replayed %v is %q, want the withheld marker", c.key, p, v)
				}
			}
		}

		stored := storedResponses(t, s)
		if len(stored) != 6 {
			t.Fatalf("%d stored responses, want 6", len(stored))
		}
		for _, b := range stored {
			for _, secret := range secrets {
				if bytes.Contains(b, []byte(secret)) {
					t.Errorf("the idempotency record keeps a secret: %s", b)
				}
			}
		}
	})
}
