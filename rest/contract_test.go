package rest_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/rest"
)

// contractCase is one row's contract, checked through HTTP: the success call, and
// derived from it a malformed id, an unknown id and a child of another project for
// each id in the path, and bad bodies for rows that take one. Later issues append
// their rows' cases to contractCases.
type contractCase struct {
	// host, method and path name the row, exactly as in the route table (host
	// rest.HostMain, the zero value, for the /v1 rows).
	host, method, path string
	// fixtureOf names the fixture that fills a path parameter when it is not the
	// parameter's own name (a /v2 row's job is the v2 fixture job); the same name
	// with "other:" is the other project's.
	fixtureOf map[string]string
	// body is the success call's body, "" for none; {name} is a fixture's id.
	body string
	// vars are the variables of the row's operation for the same call, for the
	// GraphQL equivalence test; "{name}" strings are fixture ids.
	vars map[string]any
	// wrongType is a body of the wrong JSON type (e.g. an array for an object).
	wrongType string
	// query is the success call's query string ("?q=intro"); {name} is a fixture's id.
	query string
	// parts, when set, make the success call's body multipart/form-data (one part
	// each, a file part when it has a file name) instead of body; checkBadParts
	// then replaces the JSON bad-body checks.
	parts []formPart
	// fileLimit is the size limit of a multipart row's file (2 MiB when zero):
	// checkBadParts sends one byte more and wants 413.
	fileLimit int
	// masked are result keys whose values differ on every call (a new token, its
	// expiry); the equivalence test compares them as present, not by value.
	masked []string
	// flow marks a row whose success needs state that earlier calls create (a
	// refresh token, a mailed code, an OAuth state) or that ends the caller's
	// session; a flow test covers it end to end (auth_flow_test.go) instead of
	// the generic checks.
	flow bool
}

var contractCases = []contractCase{
	{method: "GET", path: "/", vars: map[string]any{}},
	{method: "GET", path: "/health", vars: map[string]any{}},
	{method: "GET", path: "/regions", vars: map[string]any{}},
	{method: "GET", path: "/migrate", vars: map[string]any{}},
	// The admin-key rows: TestMigrateRowsOverREST and TestAdminKeyRowsRefuseEveryPrincipal.
	{method: "GET", path: "/migrate/debug", flow: true},
	{method: "GET", path: "/migrate/test", flow: true},

	// The list cases sort and filter (the equivalence test holds them to the
	// GraphQL order and where they map to); list_sort_test.go and
	// list_filter_test.go check orders, pages and refused values.
	{method: "GET", path: "/projects", query: "?sort=name&q=doc",
		vars: map[string]any{"first": 50, "orderBy": map[string]any{"field": "NAME", "direction": "ASC"}, "where": map[string]any{"nameContainsFold": "doc"}}},
	{method: "POST", path: "/projects", body: `{"name": "New", "description": "d", "organization_id": "{orgId}"}`,
		vars:      map[string]any{"input": map[string]any{"name": "New", "description": "d", "organizationID": "{orgId}"}},
		wrongType: `["New"]`},
	{method: "GET", path: "/projects/{projId}", vars: map[string]any{"projId": "{projId}"}},
	{method: "PUT", path: "/projects/{projId}", body: `{"name": "Renamed"}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"name": "Renamed"}}, wrongType: `"Renamed"`},
	{method: "DELETE", path: "/projects/{projId}", vars: map[string]any{"projId": "{projId}"}},
	{method: "GET", path: "/projects/{projId}/settings", vars: map[string]any{"projId": "{projId}"}},
	{method: "POST", path: "/projects/{projId}/settings", body: `[{"key": "transcoding", "value": "{\"player_encryption\": true}"}]`,
		vars:      map[string]any{"projId": "{projId}", "input": []any{map[string]any{"key": "transcoding", "value": `{"player_encryption": true}`}}},
		wrongType: `{"key": "transcoding", "value": "x"}`},

	{method: "GET", path: "/projects/{projId}/folders", query: "?sort=-name&parent_id={folderId}",
		vars: map[string]any{"projId": "{projId}", "first": 50, "orderBy": map[string]any{"field": "NAME", "direction": "DESC"}, "where": map[string]any{"parentID": "{folderId}"}}},
	{method: "POST", path: "/projects/{projId}/folders", body: `{"name": "Sub", "parent_id": "{folderId}"}`,
		vars: map[string]any{"projId": "{projId}", "name": "Sub", "parentId": "{folderId}"}, wrongType: `["Sub"]`},
	{method: "GET", path: "/projects/{projId}/folders/tree", vars: map[string]any{"projId": "{projId}"}},
	{method: "PUT", path: "/projects/{projId}/folders/bulk-move", body: `{"folder_ids": ["{folder2Id}"], "to_folder_id": ""}`,
		vars: map[string]any{"projId": "{projId}", "folderIds": []any{"{folder2Id}"}, "toFolderId": nil}, wrongType: `["{folder2Id}"]`},
	{method: "GET", path: "/projects/{projId}/folders/{folderId}", vars: map[string]any{"projId": "{projId}", "folderId": "{folderId}"}},
	{method: "PUT", path: "/projects/{projId}/folders/{folderId}", body: `{"name": "Renamed"}`,
		vars: map[string]any{"projId": "{projId}", "folderId": "{folderId}", "input": map[string]any{"name": "Renamed"}}, wrongType: `[]`},
	{method: "DELETE", path: "/projects/{projId}/folders/{folderId}", vars: map[string]any{"projId": "{projId}", "folderId": "{folderId}"}},
	{method: "PUT", path: "/projects/{projId}/folders/{folderId}/move", body: `{"to_folder_id": "{folder3Id}"}`,
		vars: map[string]any{"projId": "{projId}", "folderId": "{folderId}", "toFolderId": "{folder3Id}"}, wrongType: `"{folder3Id}"`},

	{method: "GET", path: "/projects/{projId}/videos",
		query: "?sort=title&status=created&status=ready&folder_id={folderId}&tag_id={tagId}&tag=howto&q=START&created_since=2000-01-01T00:00:00Z&created_until=2999-01-01T00:00:00Z",
		vars: map[string]any{"projId": "{projId}", "first": 50, "orderBy": map[string]any{"field": "TITLE", "direction": "ASC"},
			"where": map[string]any{"statusIn": []any{"created", "ready"}, "folderID": "{folderId}", "hasTagsWith": []any{map[string]any{"idIn": []any{"{tagId}"}, "name": "howto"}},
				"titleContainsFold": "START", "createdAtGTE": "2000-01-01T00:00:00Z", "createdAtLT": "2999-01-01T00:00:00Z"}}},
	{method: "POST", path: "/projects/{projId}/videos", body: `{"title": "Intro", "metadata": {"camelKey": {"inner_key": [1, "x"]}}, "folder_id": "{folderId}", "tag_ids": ["{tagId}"]}`,
		vars: map[string]any{"projId": "{projId}", "title": "Intro", "metadata": map[string]any{"camelKey": map[string]any{"inner_key": []any{1, "x"}}},
			"folderId": "{folderId}", "tagIds": []any{"{tagId}"}}, wrongType: `[{"title": "Intro"}]`},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}", vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},
	{method: "PUT", path: "/projects/{projId}/videos/{videoId}", body: `{"title": "New title", "add_tag_ids": ["{tagId}"], "clear_folder": true}`,
		vars:      map[string]any{"projId": "{projId}", "videoId": "{videoId}", "input": map[string]any{"title": "New title", "addTagIDs": []any{"{tagId}"}, "clearFolder": true}},
		wrongType: `{"title": ["x"], "add_tag_ids": "{tagId}"}`},
	{method: "DELETE", path: "/projects/{projId}/videos/{videoId}", vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},

	{method: "GET", path: "/projects/{projId}/tags", query: "?sort=created_at&q=HOW",
		vars: map[string]any{"projId": "{projId}", "first": 50, "orderBy": map[string]any{"field": "CREATED_AT", "direction": "ASC"}, "where": map[string]any{"nameContainsFold": "HOW"}}},
	{method: "POST", path: "/projects/{projId}/tags", body: `{"name": "fresh"}`,
		vars: map[string]any{"projId": "{projId}", "name": "fresh"}, wrongType: `"fresh"`},
	{method: "DELETE", path: "/projects/{projId}/tags/{tagId}", vars: map[string]any{"projId": "{projId}", "tagId": "{tagId}"}},

	{method: "GET", path: "/projects/{projId}/advertisements", vars: map[string]any{"projId": "{projId}"}},
	{method: "POST", path: "/projects/{projId}/advertisements", body: `{"name": "Mid", "tag_url": "https://ads.example.com/vmap", "placement": "mid_roll", "offsets": [30]}`,
		vars:      map[string]any{"projId": "{projId}", "input": map[string]any{"name": "Mid", "tagURL": "https://ads.example.com/vmap", "placement": "mid_roll", "offsets": []any{30}}},
		wrongType: `["Mid"]`},
	{method: "GET", path: "/projects/{projId}/advertisements/{advertisementId}", vars: map[string]any{"projId": "{projId}", "advertisementId": "{advertisementId}"}},
	{method: "PUT", path: "/projects/{projId}/advertisements/{advertisementId}", body: `{"enabled": false}`,
		vars:      map[string]any{"projId": "{projId}", "advertisementId": "{advertisementId}", "input": map[string]any{"enabled": false}},
		wrongType: `[false]`},
	{method: "DELETE", path: "/projects/{projId}/advertisements/{advertisementId}", vars: map[string]any{"projId": "{projId}", "advertisementId": "{advertisementId}"}},

	{method: "GET", path: "/projects/{projId}/webhooks", vars: map[string]any{"projId": "{projId}"}},
	{method: "POST", path: "/projects/{projId}/webhooks", body: `{"url": "https://hooks.example.com/in", "event_types": ["video.ready"]}`,
		vars:      map[string]any{"projId": "{projId}", "input": map[string]any{"url": "https://hooks.example.com/in", "eventTypes": []any{"video.ready"}}},
		wrongType: `["https://hooks.example.com/in"]`},
	{method: "GET", path: "/projects/{projId}/webhooks/{webhookId}", vars: map[string]any{"projId": "{projId}", "webhookId": "{webhookId}"}},
	{method: "PUT", path: "/projects/{projId}/webhooks/{webhookId}", body: `{"url": "https://hooks.example.com/new", "enabled": false}`,
		vars:      map[string]any{"projId": "{projId}", "webhookId": "{webhookId}", "input": map[string]any{"url": "https://hooks.example.com/new", "enabled": false}},
		wrongType: `[false]`},
	{method: "DELETE", path: "/projects/{projId}/webhooks/{webhookId}", vars: map[string]any{"projId": "{projId}", "webhookId": "{webhookId}"}},
	{method: "GET", path: "/projects/{projId}/webhook-logs", vars: map[string]any{"projId": "{projId}", "first": 50}},
	{method: "POST", path: "/projects/{projId}/webhook-logs/{eventId}/resend", vars: map[string]any{"projId": "{projId}", "eventId": "{eventId}"}},
	{method: "POST", path: "/projects/{projId}/webhook-logs/resend-all", body: `{"endpoint_id": "{webhookId}"}`,
		vars:      map[string]any{"projId": "{projId}", "endpointId": "{webhookId}"},
		wrongType: `["{webhookId}"]`},
	// Organizations, members, invitations, audits and API keys (rest/org_flow_test.go
	// covers the flow rows: they need a mailed token, a shown-once secret, a second
	// member, or return fresh tokens).
	{method: "GET", path: "/organizations", query: "?sort=name", vars: map[string]any{"first": 50, "orderBy": map[string]any{"field": "NAME", "direction": "ASC"}}},
	{method: "POST", path: "/organizations", body: `{"name": "Second"}`,
		vars: map[string]any{"input": map[string]any{"name": "Second"}}, wrongType: `["Second"]`},
	{method: "GET", path: "/organizations/{id}", flow: true},
	{method: "PUT", path: "/organizations/{id}", flow: true},
	{method: "POST", path: "/organizations/{id}/switch", flow: true},
	{method: "GET", path: "/organization/invitations", vars: map[string]any{"first": 50}},
	{method: "POST", path: "/organization/invitations", flow: true},
	{method: "GET", path: "/organization/invitations/{token}", flow: true},
	{method: "POST", path: "/organization/invitations/{token}/accept", flow: true},
	{method: "POST", path: "/organization/invitations/{token}/reject", flow: true},
	{method: "DELETE", path: "/organization/invitations/sent/{id}", flow: true},
	{method: "GET", path: "/organization/audits", flow: true},
	{method: "GET", path: "/organization/members", flow: true},
	{method: "PUT", path: "/organization/members/{userId}", flow: true},
	{method: "DELETE", path: "/organization/members/{userId}", flow: true},
	{method: "GET", path: "/organization/permissions/test", flow: true},
	{method: "GET", path: "/api-keys", vars: map[string]any{"first": 50}},
	{method: "POST", path: "/api-keys", flow: true},
	{method: "GET", path: "/api-keys/middleware-test", flow: true},
	{method: "GET", path: "/api-keys/{id}", flow: true},
	{method: "DELETE", path: "/api-keys/{id}", flow: true},
	// The admin listing takes the admin key, not a user's (TestPermissionTestAndAdminOverREST).
	{host: rest.HostAdmin, method: "GET", path: "/organizations", flow: true},
}

// fixtures are the entities a contract case refers to by name: a project with
// folders, a video and a tag, and another project with its own.
type fixtures map[string]string

func newFixtures(s *apptest.Server) fixtures {
	return fixturesIn(s, s.CreateOrganization("Acme"))
}

// fixturesIn makes the fixtures in an organization, the current one of s.
func fixturesIn(s *apptest.Server, org string) fixtures {
	proj := s.CreateProject(org, "Docs")
	folder := s.CreateFolder(proj, "", "Tutorials")
	tag := s.CreateTag(proj, "howto")
	other := s.CreateProject(org, "Other")
	ad := func(proj string) string {
		var out struct{ CreateAdvertisement struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createAdvertisement(projectID: $p, input: {name: "Pre", tagURL: "https://ads.example.com/vast", placement: pre_roll}) { id } }`,
			map[string]any{"p": proj}, &out)
		return out.CreateAdvertisement.ID
	}
	hook := func(proj string) string {
		var out struct {
			CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
		}
		// Only video.created, so the one delivery settles before the rows are compared.
		s.MustGraphQL(`mutation($p: ID!, $u: String!) { createWebhookEndpoint(projectID: $p, input: {url: $u, eventTypes: ["video.created"]}) { endpoint { id } } }`,
			map[string]any{"p": proj, "u": okReceiver() + "/hook"}, &out)
		return out.CreateWebhookEndpoint.Endpoint.ID
	}
	// The webhook is created before the video, so the video's event is in its log.
	webhookID := hook(proj)
	videoID := s.CreateVideo(proj, folder, "Getting started", tag)
	var logs struct {
		WebhookLogs struct {
			Edges []struct{ Node struct{ EventID string } }
		}
	}
	s.MustGraphQL(`query($p: ID!) { webhookLogs(projectID: $p, first: 1) { edges { node { eventID } } } }`,
		map[string]any{"p": proj}, &logs)
	otherWebhookID := hook(other)
	otherVideoID := s.CreateVideo(other, "", "Not yours")
	var otherLogs struct {
		WebhookLogs struct {
			Edges []struct{ Node struct{ EventID string } }
		}
	}
	s.MustGraphQL(`query($p: ID!) { webhookLogs(projectID: $p, first: 1) { edges { node { eventID } } } }`,
		map[string]any{"p": other}, &otherLogs)
	waitDelivered(s, proj)
	waitDelivered(s, other)
	f := fixtures{
		"webhookId":             webhookID,
		"other:webhookId":       otherWebhookID,
		"eventId":               logs.WebhookLogs.Edges[0].Node.EventID,
		"other:eventId":         otherLogs.WebhookLogs.Edges[0].Node.EventID,
		"advertisementId":       ad(proj),
		"other:advertisementId": ad(other),
		"orgId":                 org,
		"projId":                proj,
		"folderId":              folder,
		"folder2Id":             s.CreateFolder(proj, folder, "Advanced"),
		"folder3Id":             s.CreateFolder(proj, "", "Archive"),
		"tagId":                 tag,
		"videoId":               videoID,
		"other:projId":          other,
		"other:folderId":        s.CreateFolder(other, "", "Theirs"),
		"other:tagId":           s.CreateTag(other, "theirs"),
		"other:videoId":         otherVideoID,
	}
	for _, add := range moreFixtures {
		add(s, f)
	}
	return f
}

// okReceiver is a webhook receiver on loopback that accepts every delivery, so the
// fixtures' endpoints never start failing (their state stays the same between the
// REST and GraphQL calls compared). It lives as long as the test binary.
var okReceiver = sync.OnceValue(func() string {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})).URL
})

// waitDelivered waits (up to 10 s) until the project has no pending delivery, so
// the log reads the same from REST and GraphQL.
func waitDelivered(s *apptest.Server, proj string) {
	poll.Every(20*time.Millisecond, 10*time.Second, func() bool {
		var out struct {
			WebhookLogs struct {
				Edges []struct{ Node struct{ Status string } }
			}
		}
		s.MustGraphQL(`query($p: ID!) { webhookLogs(projectID: $p, status: pending, first: 1) { edges { node { status } } } }`,
			map[string]any{"p": proj}, &out)
		return len(out.WebhookLogs.Edges) == 0
	})
}

// moreFixtures add the fixtures of later rows (a caption, a player, ...) to each
// fixture set, in files of their own.
var moreFixtures []func(s *apptest.Server, f fixtures)

var placeholder = regexp.MustCompile(`\{([a-zA-Z0-9:]+)\}`)

// fill replaces {name} with the fixture's id, leaving unknown names alone.
func (f fixtures) fill(s string) string {
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if id, ok := f[m[1:len(m)-1]]; ok {
			return id
		}
		return m
	})
}

// url is the case's request path and query with fixture ids, and params overriding some.
func (f fixtures) url(c contractCase, params map[string]string) string {
	return basePath(c.host) + placeholder.ReplaceAllStringFunc(c.path, func(m string) string {
		name := m[1 : len(m)-1]
		if v, ok := params[name]; ok {
			return v
		}
		return f[c.fixture(name)]
	}) + f.fill(c.query)
}

// fixture is the name of the fixture that fills the path parameter.
func (c contractCase) fixture(param string) string {
	if name, ok := c.fixtureOf[param]; ok {
		return name
	}
	return param
}

// key names the case's row: "METHOD path" for the /v1 rows (the names the
// permission classes use), "METHOD /v2/path" with the base path of other hosts.
func (c contractCase) key() string {
	return rowKey(c.host, c.method, c.path)
}

// rowKey names a row of the table by host, method and path, as contractCase.key.
func rowKey(host, method, path string) string {
	if host == rest.HostMain {
		return method + " " + path
	}
	return method + " " + basePath(host) + path
}

// basePath is where a host's paths are served (rest.Route.Path).
func basePath(host string) string {
	return map[string]string{rest.HostMain: "/v1", rest.HostMainV2: "/v2", rest.HostAdmin: "/v1/admin", rest.HostAnalytics: ""}[host]
}

// send makes the case's success call to url: its JSON body, or its multipart parts.
func (f fixtures) send(s *apptest.Server, c contractCase, url string, headers ...http.Header) (int, apptest.Envelope) {
	if c.parts != nil {
		body, header := multipartBody(c.parts, f)
		return s.REST(c.method, url, body, append([]http.Header{header}, headers...)...)
	}
	return s.REST(c.method, url, f.fill(c.body), headers...)
}

func pathParams(path string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(path, -1) {
		out = append(out, m[1])
	}
	return out
}

// rowOf is the row of the table served on host with method and path.
func rowOf(t testing.TB, host, method, path string) rest.Route {
	t.Helper()
	for _, r := range rest.Table() {
		if r.Method == method && r.Path == path && r.Host == host {
			return r
		}
	}
	t.Fatalf("no row %s in the table", rowKey(host, method, path))
	return rest.Route{}
}

func TestContract(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		for _, c := range contractCases {
			if c.flow {
				continue
			}
			t.Run(c.key(), func(t *testing.T) {
				row := rowOf(t, c.host, c.method, c.path)
				checkSuccess(t, s, c, row)
				checkIDs(t, s, c, row)
				if c.body != "" {
					checkBadBodies(t, s, c)
				}
				if c.parts != nil {
					checkBadParts(t, s, c)
				}
			})
		}
	})
}

func checkSuccess(t *testing.T, s *apptest.Server, c contractCase, row rest.Route) {
	t.Helper()
	f := newFixtures(s)
	status, env := f.send(s, c, f.url(c, nil))
	if status != http.StatusOK || !env.Success {
		t.Fatalf("success call: status %d, envelope %+v", status, env)
	}
	if env.Message != row.Message {
		t.Errorf("message = %q, want %q", env.Message, row.Message)
	}
	wantKeys := []string{"message", "result", "success"}
	isList := strings.HasPrefix(strings.TrimSpace(string(env.Result)), "[")
	if env.Pagination != nil {
		wantKeys = []string{"message", "pagination", "result", "success"}
		if !isList {
			t.Errorf("a paginated result must be an array: %s", env.Result)
		}
	}
	if got := sortedKeys(env.Keys); strings.Join(got, ",") != strings.Join(wantKeys, ",") {
		t.Errorf("envelope keys = %v, want %v", got, wantKeys)
	}
	if strings.Contains(string(env.Result), "At\":") || strings.Contains(string(env.Result), "ID\":") {
		t.Errorf("result has camelCase keys: %s", env.Result)
	}
}

func checkIDs(t *testing.T, s *apptest.Server, c contractCase, row rest.Route) {
	t.Helper()
	f := newFixtures(s)
	for i, p := range pathParams(c.path) {
		isID, err := rest.IDParam(row, p)
		if err != nil {
			t.Fatal(err)
		}
		if !isID {
			if uuid.Validate(f[c.fixture(p)]) == nil {
				t.Errorf("{%s} is free text, but its fixture is a UUID: the case checks nothing", p)
			}
			continue // a text parameter (a player-reported user): any value names one
		}
		status, env := f.send(s, c, f.url(c, map[string]string{p: "not-a-uuid"}))
		if status != http.StatusBadRequest || env.Success || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != p {
			t.Errorf("malformed {%s}: status %d, envelope %+v; want 400 naming %s", p, status, env, p)
		}
		status, env = f.send(s, c, f.url(c, map[string]string{p: uuid.NewString()}))
		if status != http.StatusNotFound || env.Success || string(env.Result) != "null" {
			t.Errorf("unknown {%s}: status %d, envelope %+v; want 404", p, status, env)
		}
		if i > 0 { // a child of another project is not found under this one
			status, env = f.send(s, c, f.url(c, map[string]string{p: f["other:"+c.fixture(p)]}))
			if status != http.StatusNotFound {
				t.Errorf("{%s} of another project: status %d, envelope %+v; want 404", p, status, env)
			}
		}
	}
}

func checkBadBodies(t *testing.T, s *apptest.Server, c contractCase) {
	t.Helper()
	f := newFixtures(s)
	url := f.url(c, nil)
	bodies := map[string]string{
		"malformed JSON": `{"name": `,
		"wrong type":     f.fill(c.wrongType),
		"trailing data":  f.fill(c.body) + ` {}`,
	}
	if strings.HasPrefix(c.body, "{") {
		bodies["unknown field"] = `{"no_such_field": 1}`
	} else {
		bodies["unknown field"] = `[{"key": "k", "value": "v", "no_such_field": 1}]`
	}
	for name, body := range bodies {
		status, env := s.REST(c.method, url, body)
		if status != http.StatusBadRequest || env.Success || len(env.Errors) == 0 {
			t.Errorf("%s %q: status %d, envelope %+v; want 400", name, body, status, env)
		}
	}
	huge := `{"name": "` + strings.Repeat("x", 2<<20) + `"}`
	if status, env := s.REST(c.method, url, huge); status != http.StatusRequestEntityTooLarge || env.Success {
		t.Errorf("2 MiB body: status %d, envelope %+v; want 413", status, env)
	}
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}
