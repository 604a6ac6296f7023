package graph_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// edgeQuery pages edges of single nodes: a project's folders, tags and videos, a
// video's tags, a folder's children and videos.
const edgeQuery = `query($p: ID!, $f: ID!) {
  project(id: $p) {
    folders(first: 2) { edges { node { name } } pageInfo { hasNextPage } }
    tags(first: 2) { edges { node { name } } pageInfo { hasNextPage } }
    videos(first: 2) { edges { node { title tags(first: 1) { edges { node { name } } pageInfo { hasNextPage } } } } pageInfo { hasNextPage } }
  }
  node(id: $f) { ... on Folder {
    children(first: 2) { edges { node { name } } pageInfo { hasNextPage } }
    videos(first: 2) { edges { node { title } } pageInfo { hasNextPage } }
  } }
}`

type page struct {
	Edges []struct {
		Node struct {
			Name, Title string
			Tags        *page
		}
	}
	PageInfo struct{ HasNextPage bool }
}

// TestEdgePagesOfOneNodeAreNotDistinct: a connection of one node is a keyset
// query with a LIMIT, not ent's DISTINCT edge query, which makes PostgreSQL read
// and de-duplicate all of the node's rows first; and its pages are right.
func TestEdgePagesOfOneNodeAreNotDistinct(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, _, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			tags := []string{s.CreateTag(proj, "a"), s.CreateTag(proj, "b"), s.CreateTag(proj, "c")}
			parent := s.CreateFolder(proj, "", "parent")
			for i := range 3 {
				s.CreateFolder(proj, parent, fmt.Sprintf("child %d", i))
				s.CreateVideo(proj, parent, fmt.Sprintf("video %d", i), tags...)
			}
			var out struct {
				Project struct{ Folders, Tags, Videos page }
				Node    struct{ Children, Videos page }
			}
			counter.Reset()
			s.MustGraphQL(edgeQuery, map[string]any{"p": proj, "f": parent}, &out)
			for name, p := range map[string]page{"project folders": out.Project.Folders, "project tags": out.Project.Tags,
				"project videos": out.Project.Videos, "folder children": out.Node.Children, "folder videos": out.Node.Videos} {
				if len(p.Edges) != 2 || !p.PageInfo.HasNextPage {
					t.Errorf("%s: %d edges, hasNextPage %v; want 2 and true", name, len(p.Edges), p.PageInfo.HasNextPage)
				}
			}
			for _, v := range out.Project.Videos.Edges {
				if v.Node.Tags == nil || len(v.Node.Tags.Edges) != 1 || !v.Node.Tags.PageInfo.HasNextPage {
					t.Errorf("video %q tags: %+v, want 1 of 3", v.Node.Title, v.Node.Tags)
				}
			}
			for _, q := range counter.Statements() {
				if strings.Contains(strings.ToUpper(q), "DISTINCT") {
					t.Errorf("an edge page ran a DISTINCT query: %s", q)
				}
			}
		})
	}
}

// countingServer starts a server on a database of dialect d whose statements
// the counter counts. It runs no job workers: a periodic sweep's statements
// would count as the request's.
func countingServer(t *testing.T, d string) (*apptest.Server, *database.DB, *testdb.Counter) {
	t.Helper()
	db, counter := testdb.OpenCounting(t, d)
	return apptest.New(t, d, apptest.Options{DB: db, Env: map[string]string{"VIDRA_WORKERS": "false"}}), db, counter
}

// TestNestedConnectionsApplyTheirWhere filters a project's and a folder's
// videos with a where argument. ent's field collection reads that argument
// through the executor's input unmarshaller map (built once per process, see
// graph/codegen) and silently drops a filter it cannot read, so this checks
// the filter takes.
func TestNestedConnectionsApplyTheirWhere(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
		folder := s.CreateFolder(proj, "", "reels")
		for _, title := range []string{"keep one", "drop", "keep two"} {
			s.CreateVideo(proj, folder, title)
		}
		const query = `query($p: ID!, $f: ID!) {
  project(id: $p) { videos(first: 10, where: {titleContains: "keep"}) { totalCount edges { node { title } } } }
  node(id: $f) { ... on Folder { videos(first: 10, where: {titleHasPrefix: "drop"}) { totalCount edges { node { title } } } } }
}`
		var out struct {
			Project, Node struct {
				Videos struct {
					TotalCount int
					Edges      []struct{ Node struct{ Title string } }
				}
			}
		}
		// Twice: the first operation of the process builds the map.
		for range 2 {
			s.MustGraphQL(query, map[string]any{"p": proj, "f": folder}, &out)
			if v := out.Project.Videos; v.TotalCount != 2 || len(v.Edges) != 2 || !strings.HasPrefix(v.Edges[0].Node.Title, "keep") {
				t.Fatalf("project videos with titleContains keep: %+v", v)
			}
			if v := out.Node.Videos; v.TotalCount != 1 || len(v.Edges) != 1 || v.Edges[0].Node.Title != "drop" {
				t.Fatalf("folder videos with titleHasPrefix drop: %+v", v)
			}
		}
	})
}
