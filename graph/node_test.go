package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

func TestNodeResolvesEveryUUIDType(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		folder := s.CreateFolder(proj, "", "Tutorials")
		tag := s.CreateTag(proj, "intro")
		video := s.CreateVideo(proj, folder, "Welcome", tag)
		want := map[string]string{org: "Organization", proj: "Project", folder: "Folder", tag: "Tag", video: "Video"}
		for id, typename := range want {
			var out struct{ Node struct{ Typename, ID string } }
			s.MustGraphQL(`query($id: ID!) { node(id: $id) { typename: __typename id } }`, map[string]any{"id": id}, &out)
			if out.Node.Typename != typename || out.Node.ID != id {
				t.Errorf("node(%s) = %+v, want %s", id, out.Node, typename)
			}
		}

		const unknown = "01900000-0000-7000-8000-000000000000"
		var many struct{ Nodes []json.RawMessage }
		s.MustGraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Video { title } } }`,
			map[string]any{"ids": []string{video, unknown, proj}}, &many)
		if len(many.Nodes) != 3 || string(many.Nodes[1]) != "null" {
			t.Fatalf("nodes = %s", many.Nodes)
		}
		var v struct{ ID, Title string }
		_ = json.Unmarshal(many.Nodes[0], &v)
		if v.ID != video || v.Title != "Welcome" {
			t.Fatalf("nodes[0] = %s", many.Nodes[0])
		}

		if code := s.ErrorCode(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": unknown}); code != "NOT_FOUND" {
			t.Fatalf("node(unknown) code = %q", code)
		}
	})
}
