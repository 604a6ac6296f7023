package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/rest"
)

// sortedVideo is a video of the sort tests, with what it is sorted by.
type sortedVideo struct {
	id, title string
	created   time.Time
}

// sortedVideos creates videos whose creation times, ids and titles are three
// different orders (two share a creation time, so the id breaks the tie), in a
// project of their own, and returns the project and the videos.
func sortedVideos(t *testing.T, s *apptest.Server) (string, []sortedVideo) {
	t.Helper()
	proj := s.CreateProject(s.CreateOrganization("Sorted"), "Sorted")
	base := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	var out []sortedVideo
	for i, v := range []struct {
		title string
		hours int
	}{{"delta", 3}, {"alpha", 1}, {"echo", 4}, {"charlie", 0}, {"bravo", 2}, {"foxtrot", 1}, {"golf", 5}} {
		created := base.Add(time.Duration(v.hours) * time.Hour)
		saved, err := s.App.DB.Client.Video.Create().SetProjectID(uuid.MustParse(proj)).
			SetTitle(v.title).SetCreatedAt(created).Save(apptest.System())
		if err != nil {
			t.Fatalf("video %d: %v", i, err)
		}
		out = append(out, sortedVideo{id: saved.ID.String(), title: v.title, created: created})
	}
	return proj, out
}

// idsOf lists the ids of the videos ordered by less.
func idsOf(videos []sortedVideo, less func(a, b sortedVideo) bool) []string {
	v := append([]sortedVideo(nil), videos...)
	sort.Slice(v, func(i, j int) bool { return less(v[i], v[j]) })
	ids := make([]string, len(v))
	for i, x := range v {
		ids[i] = x.id
	}
	return ids
}

// listIDs calls a list route and returns the ids of its result and its pagination.
func listIDs(t *testing.T, s *apptest.Server, path string) ([]string, *string) {
	t.Helper()
	status, env := s.REST("GET", path, "")
	if status != http.StatusOK || env.Pagination == nil {
		t.Fatalf("GET %s: status %d, %s", path, status, describeEnv(env))
	}
	var rows []struct{ ID string }
	if err := json.Unmarshal(env.Result, &rows); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	if env.Pagination.HasMore != (env.Pagination.NextCursor != nil) {
		t.Errorf("GET %s: has_more %v with next_cursor %v", path, env.Pagination.HasMore, env.Pagination.NextCursor)
	}
	return ids, env.Pagination.NextCursor
}

// describeEnv shows an envelope's message, errors and result as text.
func describeEnv(env apptest.Envelope) string {
	errs, _ := json.Marshal(env.Errors)
	return fmt.Sprintf("success %v, message %q, errors %s, result %s", env.Success, env.Message, errs, env.Result)
}

// pageThrough follows next_cursor from the first page of path (which has a query)
// to the last, collecting the ids.
func pageThrough(t *testing.T, s *apptest.Server, path string) []string {
	t.Helper()
	var all []string
	next := path
	for pages := 0; pages < 20; pages++ {
		ids, cursor := listIDs(t, s, next)
		all = append(all, ids...)
		if cursor == nil {
			return all
		}
		next = path + "&cursor=" + url.QueryEscape(*cursor)
	}
	t.Fatalf("GET %s: more than 20 pages", path)
	return nil
}

func TestListSortOverREST(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj, videos := sortedVideos(t, s)
		list := "/v1/projects/" + proj + "/videos"
		newest := idsOf(videos, func(a, b sortedVideo) bool {
			if !a.created.Equal(b.created) {
				return a.created.After(b.created)
			}
			return a.id > b.id
		})
		oldest := idsOf(videos, func(a, b sortedVideo) bool {
			if !a.created.Equal(b.created) {
				return a.created.Before(b.created)
			}
			return a.id < b.id
		})
		byTitle := idsOf(videos, func(a, b sortedVideo) bool { return a.title < b.title })
		byTitleDesc := idsOf(videos, func(a, b sortedVideo) bool { return a.title > b.title })
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"", newest}, // the default: newest first
			{"?sort=-created_at", newest},
			{"?sort=created_at", oldest},
			{"?sort=title", byTitle},
			{"?sort=title&cursor=", byTitle}, // an empty cursor is the first page
			{"?sort=-title", byTitleDesc},
		} {
			if got, _ := listIDs(t, s, list+c.query); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("GET videos%s:\n got  %v\n want %v", c.query, got, c.want)
			}
			// Pages of 2 (3 of 7 rows, a tie across a page boundary) give every row once, in order.
			q := "?limit=2"
			if c.query != "" {
				q = c.query + "&limit=2"
			}
			if got := pageThrough(t, s, list+q); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("paging videos%s:\n got  %v\n want %v", q, got, c.want)
			}
		}

		// A cursor continues only the order it was made under.
		_, titleCursor := listIDs(t, s, list+"?sort=title&limit=2")
		_, defaultCursor := listIDs(t, s, list+"?limit=2")
		if titleCursor == nil || defaultCursor == nil {
			t.Fatal("no next_cursor on a first page of 2")
		}
		if got, _ := listIDs(t, s, list+"?limit=2&cursor="+url.QueryEscape(*defaultCursor)+"&sort=-created_at"); strings.Join(got, ",") != strings.Join(newest[2:4], ",") {
			t.Errorf("the default's cursor under its explicit sort: %v, want %v", got, newest[2:4])
		}
		for name, query := range map[string]string{
			"title cursor, default sort":     "?cursor=" + url.QueryEscape(*titleCursor),
			"title cursor, -title":           "?sort=-title&cursor=" + url.QueryEscape(*titleCursor),
			"default cursor, created_at":     "?sort=created_at&cursor=" + url.QueryEscape(*defaultCursor),
			"not a cursor":                   "?cursor=garbage!",
			"a GraphQL cursor without sort":  "?cursor=" + url.QueryEscape(graphQLCursor(t, s, proj)),
			"a cursor of base64 but no sort": "?cursor=Z2FyYmFnZQ",
		} {
			status, env := s.REST("GET", list+query, "")
			if status != http.StatusBadRequest || env.Success || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != "cursor" {
				t.Errorf("%s: status %d, %s; want 400 naming cursor", name, status, describeEnv(env))
			}
		}

		// An unknown sort field is a 400 naming sort and listing the allowed values.
		for _, bad := range []string{"nope", "created_at,title", "-", "--title", "TITLE", "size"} {
			status, env := s.REST("GET", list+"?sort="+url.QueryEscape(bad), "")
			if status != http.StatusBadRequest || env.Success || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != "sort" ||
				!strings.Contains(env.Message, "created_at, -created_at, updated_at, -updated_at, title, -title, status, -status, duration, -duration") {
				t.Errorf("sort=%s: status %d, %s; want 400 naming sort with the allowed values", bad, status, describeEnv(env))
			}
		}
	})
}

// graphQLCursor is an end cursor of the project's videos from GraphQL itself.
func graphQLCursor(t *testing.T, s *apptest.Server, proj string) string {
	t.Helper()
	var out struct {
		Project struct {
			Videos struct{ PageInfo struct{ EndCursor string } }
		}
	}
	s.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 1) { pageInfo { endCursor } } } }`, map[string]any{"p": proj}, &out)
	return out.Project.Videos.PageInfo.EndCursor
}

// TestSortDefaultIsNewestFirst: every list row whose GraphQL connection takes an
// order passes one from ?sort=, and its default is newest first whenever the
// order has CREATED_AT.
func TestSortDefaultIsNewestFirst(t *testing.T) {
	schema := newResolver(t).Schema().Schema()
	rows := 0
	for _, row := range rest.Table() {
		doc, err := gqlparser.LoadQueryWithRules(schema, row.Operation, nil) // nil: the default rules
		if err != nil {
			t.Fatalf("%s %s: %v", row.Method, row.Path, err)
		}
		op := doc.Operations[0]
		field := op.SelectionSet[0].(*ast.Field)
		if row.ResultPath != "" {
			for _, step := range strings.Split(row.ResultPath, ".") {
				field = field.SelectionSet[0].(*ast.Field)
				if field.Alias != step {
					t.Fatalf("%s %s: result path", row.Method, row.Path)
				}
			}
		}
		orderArg := field.Definition.Arguments.ForName("orderBy")
		if orderArg == nil {
			continue
		}
		rows++
		arg := field.Arguments.ForName("orderBy")
		if arg == nil || arg.Value.Kind != ast.Variable {
			t.Errorf("%s %s: %s takes orderBy, the row passes none from ?sort=", row.Method, row.Path, field.Name)
			continue
		}
		def := op.VariableDefinitions.ForName(arg.Value.Raw)
		enum := schema.Types[schema.Types[orderArg.Type.Name()].Fields.ForName("field").Type.Name()]
		if enum.EnumValues.ForName("CREATED_AT") == nil {
			continue
		}
		if def.DefaultValue == nil || def.DefaultValue.String() != "{field:CREATED_AT,direction:DESC}" {
			t.Errorf("%s %s: default order %v, want {field:CREATED_AT,direction:DESC}", row.Method, row.Path, def.DefaultValue)
		}
	}
	if rows < 7 {
		t.Errorf("%d sortable list rows, want at least 7 (videos, search, custom field, folders, tags, projects, organizations)", rows)
	}
}

// TestOpenAPIListParameters: ?sort= is declared with its values and default, and
// the filters with their types.
func TestOpenAPIListParameters(t *testing.T) {
	s := apptest.New(t, "sqlite3")
	status, body := s.Get(rest.OpenAPIPath)
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name   string
				In     string
				Schema map[string]any
			}
		}
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	params := map[string]map[string]any{}
	for _, p := range doc.Paths["/v1/projects/{projId}/videos"]["get"].Parameters {
		if p.In == "query" {
			params[p.Name] = p.Schema
		}
	}
	enc := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for name, want := range map[string]string{
		"sort":          `{"default":"-created_at","enum":["created_at","-created_at","updated_at","-updated_at","title","-title","status","-status","duration","-duration"],"type":"string"}`,
		"status":        `{"items":{"enum":["created","uploading","processing","ready","failed","live"],"type":"string"},"type":"array"}`,
		"folder_id":     `{"format":"uuid","maxLength":36,"minLength":36,"type":"string"}`,
		"tag_id":        `{"items":{"format":"uuid","type":"string"},"type":"array"}`,
		"tag":           `{"type":"string"}`,
		"q":             `{"type":"string"}`,
		"created_since": `{"format":"date-time","type":"string"}`,
		"created_until": `{"format":"date-time","type":"string"}`,
		"limit":         `{"default":50,"maximum":500,"minimum":0,"type":"integer"}`,
		"cursor":        `{"type":["string","null"]}`,
	} {
		if got := enc(params[name]); got != want {
			t.Errorf("video list ?%s: schema %s, want %s", name, got, want)
		}
	}
	if len(params) != 10 {
		t.Errorf("video list query parameters %v, want 10", params)
	}
	var folders []string
	for _, p := range doc.Paths["/v1/projects/{projId}/folders"]["get"].Parameters {
		folders = append(folders, p.Name)
	}
	if got := strings.Join(folders, ","); got != "projId,limit,cursor,sort,parent_id,q" {
		t.Errorf("folder list parameters %s", got)
	}
}

// TestBrokenListRowsStopTheServer: Filters and orders that do not fit the
// operation are errors at start-up.
func TestBrokenListRowsStopTheServer(t *testing.T) {
	r := newResolver(t)
	list := func(vars, args string) string {
		return `query($first: Int, $after: Cursor` + vars + `) { projects(first: $first, after: $after` + args + `) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`
	}
	for name, row := range map[string]rest.Route{
		"filter of no field": {Filters: map[string]string{"x": "nope"},
			Operation: list(", $where: ProjectWhereInput", ", where: $where")},
		"filter of an object": {Filters: map[string]string{"x": "hasVideosWith"},
			Operation: list(", $where: ProjectWhereInput", ", where: $where")},
		"filter below a leaf": {Filters: map[string]string{"x": "name.nope"},
			Operation: list(", $where: ProjectWhereInput", ", where: $where")},
		"filters without $where": {Filters: map[string]string{"q": "nameContainsFold"}, Operation: list("", "")},
		"filter named sort": {Filters: map[string]string{"sort": "name"},
			Operation: list(", $orderBy: ProjectOrder, $where: ProjectWhereInput", ", orderBy: $orderBy, where: $where")},
		"filter named limit": {Filters: map[string]string{"limit": "name"},
			Operation: list(", $where: ProjectWhereInput", ", where: $where")},
		"where without filters": {Operation: list(", $where: ProjectWhereInput", ", where: $where")},
		"order on a non-list":   {Operation: `query($id: ID!, $o: VideoOrder) { project(id: $id) { videos(orderBy: $o) { totalCount } } }`},
	} {
		row.Method, row.Path, row.Message = "GET", "/x", "m"
		if _, err := rest.New(r.NewExecutor(gqlserver.DefaultLimits), r.Schema().Schema(), []rest.Route{row}, rest.Options{}); err == nil {
			t.Errorf("%s: the handler was built", name)
		}
	}
}
