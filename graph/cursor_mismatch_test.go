package graph_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestCursorFromAnotherOrderIsTheClientsMistake pages videos by title, then
// passes that cursor to a page ordered by creation time: never an INTERNAL
// error (PostgreSQL cannot compare the title with a timestamp: BAD_REQUEST).
func TestCursorFromAnotherOrderIsTheClientsMistake(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
		for _, title := range []string{"Alpha", "Beta", "Gamma"} {
			s.CreateVideo(proj, "", title)
		}
		var out struct {
			Project struct {
				Videos struct{ PageInfo struct{ EndCursor string } }
			}
		}
		s.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 1, orderBy: {field: TITLE, direction: ASC}) { pageInfo { endCursor } } } }`,
			map[string]any{"p": proj}, &out)
		cursor := out.Project.Videos.PageInfo.EndCursor
		if cursor == "" {
			t.Fatal("no cursor")
		}
		res := s.GraphQL(`query($p: ID!, $c: Cursor) { project(id: $p) { videos(first: 1, after: $c, orderBy: {field: CREATED_AT, direction: DESC}) { edges { node { id } } } } }`,
			map[string]any{"p": proj, "c": cursor})
		for _, e := range res.Errors {
			if code, _ := e.Extensions["code"].(string); code != "BAD_REQUEST" {
				t.Errorf("a title cursor under createdAt order: %+v; want BAD_REQUEST or a page", e)
			}
		}
	})
}
