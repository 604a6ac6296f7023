package apptest

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// CreateAPIKey creates an API key of s's current organization over REST with
// the permissions (the JSON value of the request's "permissions": the map form
// as a string, or the array form), valid for an hour, and returns its secret.
func (s *Server) CreateAPIKey(permissions string) string {
	s.t.Helper()
	status, env := s.REST("POST", "/v1/api-keys", `{"name": "key", "origin": "https://app.example.test", "permissions": `+permissions+
		`, "expires_at": "`+time.Now().Add(time.Hour).UTC().Format(time.RFC3339)+`"}`)
	var out struct{ Key string }
	if status != http.StatusOK || json.Unmarshal(env.Result, &out) != nil || !strings.HasPrefix(out.Key, "vidra_") {
		s.t.Fatalf("create API key: %d %+v", status, env)
	}
	return out.Key
}
