package rest_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/rest"
)

// TestRESTMatchesGraphQL proves, for every row, that the REST call and the row's
// GraphQL operation posted to /graphql with the same variables return the same
// data. Reads run on one fixture set; a mutation runs once each way on two equal
// fixture sets, compared with fixture ids named and new ids and times masked.
func TestRESTMatchesGraphQL(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		for _, c := range contractCases {
			if c.flow {
				continue
			}
			t.Run(c.key(), func(t *testing.T) {
				row := rowOf(t, c.host, c.method, c.path)
				fa := newFixtures(s)
				fb := fa
				if c.method != "GET" {
					fb = newFixtures(s)
				}
				// Each fixture set is its own organization, reachable while current.
				s.SwitchOrganization(fa["orgId"])
				_, env := fa.send(s, c, fa.url(c, nil))
				if !env.Success {
					t.Fatalf("REST failed: %+v", env)
				}
				s.SwitchOrganization(fb["orgId"])
				vars := fb.fillVars(c.vars).(map[string]any)
				var res apptest.GraphQLResponse
				if c.parts != nil {
					res = s.GraphQLUpload(row.Operation, vars, uploads(c.parts)...)
				} else {
					res = s.GraphQL(row.Operation, vars)
				}
				if len(res.Errors) > 0 {
					t.Fatalf("GraphQL failed: %+v", res.Errors)
				}
				var restData, gqlData any
				_ = json.Unmarshal(env.Result, &restData)
				gqlData = graphQLResult(t, res.Data, row)
				restData, gqlData = fa.normalize(restData, ""), fb.normalize(gqlData, "")
				restData, gqlData = masked(restData, c.masked), masked(gqlData, c.masked)
				if !reflect.DeepEqual(restData, gqlData) {
					t.Errorf("REST and GraphQL differ:\nREST    %v\nGraphQL %v", restData, gqlData)
				}
			})
		}
	})
}

// graphQLResult reads a row's result out of GraphQL data the way the REST contract
// describes it, independently of the REST layer: the root field, the ResultPath,
// a connection's nodes, and keys in snake_case except inside metadata.
func graphQLResult(t *testing.T, data json.RawMessage, row rest.Route) any {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil || len(root) != 1 {
		t.Fatalf("data %s", data)
	}
	var v any
	for _, x := range root {
		v = x
	}
	if row.ResultPath != "" {
		for _, step := range strings.Split(row.ResultPath, ".") {
			v = v.(map[string]any)[step]
		}
	}
	if m, ok := v.(map[string]any); ok && m["edges"] != nil && m["pageInfo"] != nil {
		var nodes []any
		for _, e := range m["edges"].([]any) {
			nodes = append(nodes, e.(map[string]any)["node"])
		}
		if nodes == nil {
			nodes = []any{}
		}
		v = nodes
	}
	return snakeKeys(v)
}

func snakeKeys(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k == "metadata" {
				out[k] = x
			} else {
				out[rest.Snake(k)] = snakeKeys(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = snakeKeys(x)
		}
		return out
	}
	return v
}

// fillVars replaces "{name}" strings in variables with fixture ids.
func (f fixtures) fillVars(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[k] = f.fillVars(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = f.fillVars(x)
		}
		return out
	case string:
		return f.fill(v)
	}
	return v
}

// normalize names fixture ids and masks other ids, times and durations of a result.
func (f fixtures) normalize(v any, key string) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[k] = f.normalize(x, k)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = f.normalize(x, key)
		}
		return out
	case float64:
		if key == "duration_ms" { // a health check's timing differs on every call
			return "<duration>"
		}
	case string:
		switch key {
		case "created_at", "updated_at", "failing_since", "started_at", "completed_at", "imported_at", "previous_secret_expires_at":
			return "<time>"
		case "secret": // a new signing secret on every call
			return "<secret>"
		case "stream_key", "key_last4", "rtmp_publish_url", "rtmps_publish_url", "srt_publish_url": // a new live stream key on every call
			return "<stream key>"
		}
		if key == "logo" && v != "" { // a new blob key on every upload
			return "<blob key>"
		}
		if uuid.Validate(v) == nil {
			return f.nameID(v)
		}
		// Ids inside URLs (a thumbnail's or a video's playback address).
		return embeddedUUID.ReplaceAllStringFunc(v, f.nameID)
	}
	return v
}

// embeddedUUID is a UUID inside a longer string.
var embeddedUUID = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// nameID names a fixture's id, or masks a new one.
func (f fixtures) nameID(id string) string {
	for name, fid := range f {
		if fid == id {
			return "<" + name + ">"
		}
	}
	return "<new id>"
}

// masked replaces the values of the given keys of a result object with a marker
// (or notes their absence), for values that differ on every call.
func masked(v any, keys []string) any {
	m, ok := v.(map[string]any)
	if !ok || len(keys) == 0 {
		return v
	}
	for _, k := range keys {
		if _, ok := m[k]; ok {
			m[k] = "<masked>"
		} else {
			m[k] = "<missing>"
		}
	}
	return m
}
