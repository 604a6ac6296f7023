package graph_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// tagConnFields select everything of a tag connection, so that a page loaded
// for a list of videos can be compared with the same page of one video.
const tagConnFields = `edges { cursor node { id name } } totalCount
  pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`

// tagConnections are the tag connections asked for each video: the default
// order (id), by name descending, the first one, the last two, and the first
// one without its cursor selected (its pageInfo must not change for that).
const tagConnections = `byID: tags(first: 10) { ` + tagConnFields + ` }
  byName: tags(first: 10, orderBy: {field: NAME, direction: DESC}) { ` + tagConnFields + ` }
  firstOne: tags(first: 1) { ` + tagConnFields + ` }
  lastTwo: tags(last: 2) { ` + tagConnFields + ` }
  noCursor: tags(first: 1) { edges { node { name } } pageInfo { hasNextPage startCursor endCursor } }`

// tagConn is a tag connection as tagConnFields select it.
type tagConn struct {
	Edges []struct {
		Cursor string
		Node   struct{ ID, Name string }
	}
	TotalCount int
	PageInfo   struct {
		HasNextPage, HasPreviousPage bool
		StartCursor, EndCursor       *string
	}
}

// names are the connection's tag names in order.
func (c tagConn) names() []string {
	out := []string{}
	for _, e := range c.Edges {
		out = append(out, e.Node.Name)
	}
	return out
}

// videoTags are the connections of tagConnections of one video.
type videoTags struct {
	ID, Title                                 string
	ByID, ByName, FirstOne, LastTwo, NoCursor tagConn
}

// TestManyToManyEdgesOfAPage: the tags of a page of videos, loaded together
// in one statement, are each video's own tags in the order asked for (also
// when videos share some tags and not others), with the cursors, pageInfo and
// totalCount the same connection of one video alone has; a cursor taken from
// the page continues that video's list. The inverse edge (a page of tags'
// videos) is checked too.
func TestManyToManyEdgesOfAPage(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
		// Ids grow in creation order; names are in another order.
		t1, t2, t3 := s.CreateTag(proj, "c"), s.CreateTag(proj, "a"), s.CreateTag(proj, "b")
		s.CreateVideo(proj, "", "A", t1, t3)
		s.CreateVideo(proj, "", "B", t2, t3)
		s.CreateVideo(proj, "", "C")
		s.CreateVideo(proj, "", "D", t3, t1, t2)
		want := map[string]struct{ byID, byName, firstOne, lastTwo []string }{
			"A": {[]string{"c", "b"}, []string{"c", "b"}, []string{"c"}, []string{"c", "b"}},
			"B": {[]string{"a", "b"}, []string{"b", "a"}, []string{"a"}, []string{"a", "b"}},
			"C": {[]string{}, []string{}, []string{}, []string{}},
			"D": {[]string{"c", "a", "b"}, []string{"c", "b", "a"}, []string{"c"}, []string{"a", "b"}},
		}

		var page struct {
			Project struct {
				Videos struct{ Edges []struct{ Node videoTags } }
			}
		}
		s.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 10) { edges { node { id title
		  `+tagConnections+` } } } } }`, map[string]any{"p": proj}, &page)
		if n := len(page.Project.Videos.Edges); n != 4 {
			t.Fatalf("%d videos, want 4", n)
		}
		for _, e := range page.Project.Videos.Edges {
			v, w := e.Node, want[e.Node.Title]
			for name, got := range map[string][]string{"byID": v.ByID.names(), "byName": v.ByName.names(),
				"firstOne": v.FirstOne.names(), "lastTwo": v.LastTwo.names(), "noCursor": v.NoCursor.names()} {
				expected := map[string][]string{"byID": w.byID, "byName": w.byName, "firstOne": w.firstOne,
					"lastTwo": w.lastTwo, "noCursor": w.firstOne}[name]
				if !reflect.DeepEqual(got, expected) {
					t.Errorf("video %s %s: tags %v, want %v", v.Title, name, got, expected)
				}
			}
			// The same connections of this video alone (not loaded with a list).
			var alone struct{ Node videoTags }
			s.MustGraphQL(`query($v: ID!) { node(id: $v) { ... on Video { id title `+tagConnections+` } } }`,
				map[string]any{"v": v.ID}, &alone)
			if got, want := asJSON(t, v), asJSON(t, alone.Node); got != want {
				t.Errorf("video %s: tags in a page\n%s\nalone\n%s", v.Title, got, want)
			}
			if got, want := asJSON(t, v.NoCursor.PageInfo), asJSON(t, v.FirstOne.PageInfo); got != want {
				t.Errorf("video %s: pageInfo without cursors %s, with %s", v.Title, got, want)
			}
			// The first tag's cursor continues the video's list.
			if len(v.FirstOne.Edges) == 1 {
				var next struct{ Node struct{ Tags tagConn } }
				s.MustGraphQL(`query($v: ID!, $after: Cursor) { node(id: $v) { ... on Video {
				  tags(first: 10, after: $after) { `+tagConnFields+` } } } }`,
					map[string]any{"v": v.ID, "after": v.FirstOne.Edges[0].Cursor}, &next)
				if got := next.Node.Tags.names(); !reflect.DeepEqual(got, w.byID[1:]) {
					t.Errorf("video %s: tags after the first %v, want %v", v.Title, got, w.byID[1:])
				}
			}
		}

		var tags struct {
			Project struct {
				Tags struct {
					Edges []struct {
						Node struct {
							Name   string
							Videos struct {
								Edges []struct{ Node struct{ Title string } }
							}
						}
					}
				}
			}
		}
		s.MustGraphQL(`query($p: ID!) { project(id: $p) { tags(first: 10) { edges { node { name
		  videos(first: 10) { edges { node { title } } } } } } } }`, map[string]any{"p": proj}, &tags)
		got := map[string]string{}
		for _, e := range tags.Project.Tags.Edges {
			var titles []string
			for _, v := range e.Node.Videos.Edges {
				titles = append(titles, v.Node.Title)
			}
			got[e.Node.Name] = fmt.Sprint(titles)
		}
		if want := map[string]string{"c": "[A D]", "a": "[B D]", "b": "[A B D]"}; !reflect.DeepEqual(got, want) {
			t.Errorf("tags' videos %v, want %v", got, want)
		}
	})
}

// asJSON is v encoded, for comparing and showing two results.
func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
