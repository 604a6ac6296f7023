package graph_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

type videoPage struct {
	Project struct {
		Videos struct {
			TotalCount int
			PageInfo   struct {
				HasNextPage, HasPreviousPage bool
				StartCursor, EndCursor       string
			}
			Edges []struct{ Node struct{ Title string } }
		}
	}
}

const videoPageQuery = `query($p: ID!, $first: Int, $after: Cursor, $last: Int, $before: Cursor) {
  project(id: $p) {
    videos(first: $first, after: $after, last: $last, before: $before, orderBy: {field: TITLE, direction: ASC}) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { node { title } }
    }
  }
}`

func titles(p videoPage) []string {
	var out []string
	for _, e := range p.Project.Videos.Edges {
		out = append(out, e.Node.Title)
	}
	return out
}

func TestPagesThroughVideosWithCursors(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		other := s.CreateProject(org, "Other")
		for i := range 7 {
			s.CreateVideo(proj, "", fmt.Sprintf("video %02d", i))
		}
		s.CreateVideo(other, "", "not mine")

		var seen []string
		vars := map[string]any{"p": proj, "first": 3}
		for page := 0; ; page++ {
			var p videoPage
			s.MustGraphQL(videoPageQuery, vars, &p)
			if p.Project.Videos.TotalCount != 7 {
				t.Fatalf("totalCount = %d, want 7", p.Project.Videos.TotalCount)
			}
			seen = append(seen, titles(p)...)
			if !p.Project.Videos.PageInfo.HasNextPage {
				break
			}
			if page > 5 {
				t.Fatal("pagination does not end")
			}
			vars["after"] = p.Project.Videos.PageInfo.EndCursor
		}
		want := []string{"video 00", "video 01", "video 02", "video 03", "video 04", "video 05", "video 06"}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Fatalf("pages gave %v, want %v", seen, want)
		}

		// Backwards from the end: the last two.
		var p videoPage
		s.MustGraphQL(videoPageQuery, map[string]any{"p": proj, "last": 2}, &p)
		if got := titles(p); fmt.Sprint(got) != "[video 05 video 06]" || !p.Project.Videos.PageInfo.HasPreviousPage {
			t.Fatalf("last 2 = %v (hasPrevious %v)", got, p.Project.Videos.PageInfo.HasPreviousPage)
		}
		var before videoPage
		s.MustGraphQL(videoPageQuery, map[string]any{"p": proj, "last": 2, "before": p.Project.Videos.PageInfo.StartCursor}, &before)
		if got := titles(before); fmt.Sprint(got) != "[video 03 video 04]" {
			t.Fatalf("2 before video 05 = %v", got)
		}
	})
}

// rootPageInfo is the pageInfo of a root videos list.
type rootPageInfo struct {
	Videos struct {
		PageInfo struct {
			HasNextPage bool
			EndCursor   *string
		}
		Edges []struct{ Cursor string }
	}
}

// TestPageInfoWithoutEdges: a list asked only for its pageInfo answers what it
// answers with its edges, from the page itself rather than a count of the whole
// list (which said hasNextPage after the last cursor and had no endCursor).
func TestPageInfoWithoutEdges(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, _, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
			for i := range 5 {
				s.CreateVideo(proj, "", fmt.Sprintf("video %d", i))
			}
			const withEdges = `query($p: ID!, $after: Cursor) { videos(first: 2, after: $after, where: {projectID: $p}) {
			  edges { cursor } pageInfo { hasNextPage endCursor } } }`
			const infoOnly = `query($p: ID!, $after: Cursor) { videos(first: 2, after: $after, where: {projectID: $p}) {
			  pageInfo { hasNextPage endCursor } } }`
			var after any
			for pageNo := range 3 {
				vars := map[string]any{"p": proj, "after": after}
				var full, info rootPageInfo
				s.MustGraphQL(withEdges, vars, &full)
				counter.Reset()
				s.MustGraphQL(infoOnly, vars, &info)
				wantNext := pageNo < 2
				if full.Videos.PageInfo.HasNextPage != wantNext || info.Videos.PageInfo.HasNextPage != wantNext {
					t.Fatalf("page %d: hasNextPage with edges %v, without %v; want %v", pageNo,
						full.Videos.PageInfo.HasNextPage, info.Videos.PageInfo.HasNextPage, wantNext)
				}
				fe, ie := full.Videos.PageInfo.EndCursor, info.Videos.PageInfo.EndCursor
				if fe == nil || ie == nil || *fe != *ie || *fe != full.Videos.Edges[len(full.Videos.Edges)-1].Cursor {
					t.Fatalf("page %d: endCursor with edges %v, without %v", pageNo, fe, ie)
				}
				for _, q := range counter.Statements() {
					if strings.Contains(strings.ToUpper(q), "COUNT(") {
						t.Errorf("pageInfo without edges counted the list: %s", q)
					}
				}
				after = *fe
			}
		})
	}
}

// TestEdgeCursorsOnlyWhenAsked: a list ordered by a field makes its edges'
// cursors only when they are selected; pageInfo's are the same either way,
// and the cursors given (under an alias, in a fragment) continue the list.
func TestEdgeCursorsOnlyWhenAsked(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
		for _, title := range []string{"d", "b", "e", "a", "c"} {
			s.CreateVideo(proj, "", title)
		}
		const list = `query($p: ID!, $after: Cursor) { videos(first: 3, after: $after, where: {projectID: $p},
		  orderBy: {field: TITLE, direction: ASC}) { %s pageInfo { startCursor endCursor hasNextPage } } }`
		type listed struct {
			Videos struct {
				Edges []struct {
					C    string
					Node struct{ Title string }
				}
				PageInfo struct {
					StartCursor, EndCursor string
					HasNextPage            bool
				}
			}
		}
		var with, without listed
		s.MustGraphQL(fmt.Sprintf(list, `edges { ... on VideoEdge { c: cursor } node { title } }`), map[string]any{"p": proj}, &with)
		s.MustGraphQL(fmt.Sprintf(list, `edges { node { title } }`), map[string]any{"p": proj}, &without)
		if with.Videos.PageInfo != without.Videos.PageInfo {
			t.Fatalf("pageInfo with edges' cursors %+v, without %+v", with.Videos.PageInfo, without.Videos.PageInfo)
		}
		edges := with.Videos.Edges
		if len(edges) != 3 || edges[0].C != with.Videos.PageInfo.StartCursor || edges[2].C != with.Videos.PageInfo.EndCursor {
			t.Fatalf("edges %+v, pageInfo %+v", edges, with.Videos.PageInfo)
		}
		for i, want := range []string{"[b c d]", "[c d e]", "[d e]"} {
			var next listed
			s.MustGraphQL(fmt.Sprintf(list, `edges { node { title } }`), map[string]any{"p": proj, "after": edges[i].C}, &next)
			var got []string
			for _, e := range next.Videos.Edges {
				got = append(got, e.Node.Title)
			}
			if fmt.Sprint(got) != want {
				t.Errorf("after edge %d (%s): %v, want %s", i, edges[i].Node.Title, got, want)
			}
		}
	})
}
