package rest_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/rest"
)

// newResolver is a resolver over a fresh SQLite database, for building handlers.
func newResolver(t *testing.T) *graph.Resolver {
	db := testdb.Open(t, "sqlite3")
	return graph.NewResolver(graph.Deps{Client: db.Client, Dialect: db.Dialect})
}

// TestEveryRowValidates builds a handler of each row alone: its operation parses,
// validates against the schema and binds every variable.
func TestEveryRowValidates(t *testing.T) {
	r := newResolver(t)
	for _, row := range rest.Table() {
		if _, err := rest.New(r.NewExecutor(gqlserver.DefaultLimits), r.Schema().Schema(), []rest.Route{row}, rest.Options{}); err != nil {
			t.Errorf("%s %s: %v", row.Method, row.Path, err)
		}
	}
}

// TestEveryRowHasAContractCase: every row of the table, on every host (the /v2
// rows beside their /v1 namesakes), has exactly one contract case, and every
// case names a row.
func TestEveryRowHasAContractCase(t *testing.T) {
	cases := map[string]int{}
	for _, c := range contractCases {
		cases[c.key()]++
	}
	rows := map[string]bool{}
	for _, r := range rest.Table() {
		key := rowKey(r.Host, r.Method, r.Path)
		rows[key] = true
		if cases[key] != 1 {
			t.Errorf("row %s has %d contract cases, want 1", key, cases[key])
		}
	}
	for key := range cases {
		if !rows[key] {
			t.Errorf("contract case %s names no row", key)
		}
	}
}

// TestBrokenRowsStopTheServer: a row that does not fit the schema is an error at
// start-up, never at request time.
func TestBrokenRowsStopTheServer(t *testing.T) {
	r := newResolver(t)
	for name, row := range map[string]rest.Route{
		"unknown field":      {Method: "GET", Path: "/x", Message: "m", Operation: `query { nope }`},
		"syntax":             {Method: "GET", Path: "/x", Message: "m", Operation: `query {`},
		"two root fields":    {Method: "GET", Path: "/x", Message: "m", Operation: `query { service { name } regions { id } }`},
		"param without var":  {Method: "GET", Path: "/x/{projId}", Message: "m", Operation: `query { service { name } }`},
		"missing page info":  {Method: "GET", Path: "/x", Message: "m", Operation: `query($first: Int) { projects(first: $first) { edges { node { id } } } }`},
		"body var on GET":    {Method: "GET", Path: "/x", Message: "m", BodyVar: "input", Operation: `query { service { name } }`},
		"no message":         {Method: "GET", Path: "/x", Operation: `query { service { name } }`},
		"bad result path":    {Method: "GET", Path: "/x", Message: "m", ResultPath: "nope", Operation: `query { service { name } }`},
		"bad analytics path": {Method: "GET", Path: "/x", Message: "m", Host: rest.HostAnalytics, Operation: `query { service { name } }`},
	} {
		if _, err := rest.New(r.NewExecutor(gqlserver.DefaultLimits), r.Schema().Schema(), []rest.Route{row}, rest.Options{}); err == nil {
			t.Errorf("%s: the handler was built", name)
		}
	}
}

// TestOpenAPIDocument validates /v1/openapi.json with kin-openapi and finds every row in it.
func TestOpenAPIDocument(t *testing.T) {
	s := apptest.New(t, "sqlite3")
	status, body := s.Get(rest.OpenAPIPath)
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(body)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1") {
		t.Errorf("openapi = %q, want 3.1.x", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("invalid OpenAPI document: %v", err)
	}
	for _, row := range rest.Table() {
		base := basePath(row.Host)
		item := doc.Paths.Find(base + row.Path)
		if item == nil || item.GetOperation(row.Method) == nil {
			t.Errorf("%s %s is not in the document", row.Method, base+row.Path)
			continue
		}
		op := item.GetOperation(row.Method)
		if op.Responses.Status(200) == nil || op.Responses.Status(404) == nil {
			t.Errorf("%s %s: responses 200 and 404 missing", row.Method, row.Path)
		}
	}
	// Request bodies come from the input types, in snake_case.
	create := doc.Paths.Find("/v1/projects").Post.RequestBody.Value.Content.Get("application/json").Schema
	if create.Value == nil || create.Value.Properties["organization_id"] == nil {
		t.Errorf("POST /v1/projects body lacks organization_id: %+v", create)
	}
	// Credentials: bearer or API key on signed-in rows, none on public ones, the
	// admin key on admin rows; the admin listing's payload is "data" (4.10).
	for _, sc := range []string{"bearerAuth", "apiKey", "adminKey"} {
		if doc.Components.SecuritySchemes[sc] == nil {
			t.Errorf("security scheme %s is not declared", sc)
		}
	}
	for _, row := range rest.Table() {
		op := doc.Paths.Find(basePath(row.Host) + row.Path).GetOperation(row.Method)
		if op == nil || op.Security == nil {
			t.Errorf("%s %s declares no security", row.Method, row.Path)
			continue
		}
		var schemes []string
		for _, req := range *op.Security {
			for name := range req {
				schemes = append(schemes, name)
			}
		}
		sort.Strings(schemes)
		want := "apiKey,bearerAuth"
		switch {
		case row.Host == rest.HostAdmin || row.AdminKey:
			want = "adminKey"
		case row.Public:
			want = ""
		}
		if got := strings.Join(schemes, ","); got != want {
			t.Errorf("%s %s: security %q, want %q", row.Method, row.Path, got, want)
		}
	}
	adminOrgs := doc.Paths.Find("/v1/admin/organizations").Get.Responses.Status(200).Value.Content.Get("application/json").Schema.Value
	if adminOrgs.Properties["data"] == nil || adminOrgs.Properties["result"] != nil {
		t.Errorf("GET /v1/admin/organizations declares %v, want data and no result", adminOrgs.Properties)
	}
	list := doc.Paths.Find("/v1/projects/{projId}/videos").Get
	if list.Parameters.GetByInAndName("query", "limit") == nil || list.Parameters.GetByInAndName("query", "cursor") == nil {
		t.Errorf("video list lacks limit and cursor")
	}
}

// TestHosts: admin routes need the key and are off without one; unknown paths and
// wrong methods answer with the envelope; the analytics prefixes are mounted.
func TestHosts(t *testing.T) {
	off := apptest.New(t, "sqlite3")
	if status, _ := off.REST("GET", "/v1/admin/anything", ""); status != http.StatusNotFound {
		t.Errorf("admin without a key configured: %d, want 404", status)
	}
	on := apptest.New(t, "sqlite3", apptest.Options{Env: map[string]string{"VIDRA_ADMIN_API_KEY": "s3cret"}})
	if status, env := on.REST("GET", "/v1/admin/anything", ""); status != http.StatusUnauthorized || env.Success {
		t.Errorf("admin without X-API-Key: %d, want 401", status)
	}
	if status, _ := on.REST("GET", "/v1/admin/anything", "", http.Header{"X-Api-Key": {"wrong"}}); status != http.StatusUnauthorized {
		t.Errorf("admin with a wrong key: %d, want 401", status)
	}
	if status, _ := on.REST("GET", "/v1/admin/anything", "", http.Header{"X-Api-Key": {"s3cret"}}); status != http.StatusNotFound {
		t.Errorf("unknown admin route with the key: %d, want 404", status)
	}
	for _, p := range []string{"/v1/nope", "/report/v1/nope", "/collect/v1/nope"} {
		if status, env := on.REST("GET", p, ""); status != http.StatusNotFound || env.Success {
			t.Errorf("GET %s: %d, want the 404 envelope", p, status)
		}
	}
	if status, env := on.REST("PATCH", "/v1/projects", ""); status != http.StatusMethodNotAllowed || env.Success {
		t.Errorf("PATCH /v1/projects: %d, want the 405 envelope", status)
	}
}
