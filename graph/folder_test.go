package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

type treeNode struct {
	ID, Name               string
	ParentID               *string
	Depth                  int
	Path                   []string
	ChildCount, VideoCount int
}

func folderTree(s *apptest.Server, proj string) []treeNode {
	var out struct{ FolderTree []treeNode }
	s.MustGraphQL(`query($p: ID!) { folderTree(projectID: $p) { id name parentID depth path childCount videoCount } }`,
		map[string]any{"p": proj}, &out)
	return out.FolderTree
}

func treeShape(nodes []treeNode) string {
	out := ""
	for _, n := range nodes {
		out += fmt.Sprintf("%d:%s(%d,%d) ", n.Depth, n.Name, n.ChildCount, n.VideoCount)
	}
	return out
}

func TestFolderTreeMovesAndDeletes(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		a := s.CreateFolder(proj, "", "A")
		b := s.CreateFolder(proj, a, "B")
		c := s.CreateFolder(proj, b, "C")
		d := s.CreateFolder(proj, "", "D")
		s.CreateVideo(proj, b, "in B")
		s.CreateVideo(proj, c, "in C")

		if got := treeShape(folderTree(s, proj)); got != "0:A(1,0) 1:B(1,1) 2:C(0,1) 0:D(0,0) " {
			t.Fatalf("tree = %s", got)
		}
		tree := folderTree(s, proj)
		if fmt.Sprint(tree[2].Path) != fmt.Sprint([]string{a, b}) || *tree[2].ParentID != b {
			t.Fatalf("C path = %v parent = %v", tree[2].Path, tree[2].ParentID)
		}

		move := `mutation($id: ID!, $to: ID) { moveFolder(id: $id, toFolderID: $to) { id parentID } }`
		for _, to := range []string{a, b, c} {
			if code := s.ErrorCode(move, map[string]any{"id": a, "to": to}); code != "CONFLICT" {
				t.Errorf("move A into %s: code %q, want CONFLICT", to, code)
			}
		}
		s.MustGraphQL(move, map[string]any{"id": b, "to": d}, nil)
		if got := treeShape(folderTree(s, proj)); got != "0:A(0,0) 0:D(1,0) 1:B(1,1) 2:C(0,1) " {
			t.Fatalf("after moving B under D: %s", got)
		}
		s.MustGraphQL(move, map[string]any{"id": c, "to": nil}, nil)
		if got := treeShape(folderTree(s, proj)); got != "0:A(0,0) 0:C(0,1) 0:D(1,0) 1:B(0,1) " {
			t.Fatalf("after moving C to the root: %s", got)
		}

		other := s.CreateProject(org, "Other")
		foreign := s.CreateFolder(other, "", "X")
		if code := s.ErrorCode(move, map[string]any{"id": a, "to": foreign}); code != "INVALID_INPUT" {
			t.Errorf("move into another project's folder: %q", code)
		}

		var bulk struct {
			MoveFolders []struct{ ID, ParentID string }
		}
		s.MustGraphQL(`mutation($ids: [ID!]!, $to: ID) { moveFolders(ids: $ids, toFolderID: $to) { id parentID } }`,
			map[string]any{"ids": []string{c, b}, "to": a}, &bulk)
		if len(bulk.MoveFolders) != 2 || bulk.MoveFolders[0].ID != c || bulk.MoveFolders[1].ParentID != a {
			t.Fatalf("bulk move = %+v", bulk)
		}

		// Deleting A with MOVE_TO_PARENT lifts B and C (and their videos) to the root.
		s.MustGraphQL(`mutation($id: ID!) { deleteFolder(id: $id) }`, map[string]any{"id": a}, nil)
		if got := treeShape(folderTree(s, proj)); got != "0:B(0,1) 0:C(0,1) 0:D(0,0) " {
			t.Fatalf("after deleting A: %s", got)
		}
		// Deleting D with DELETE removes it; moving B under D first makes D own a video.
		s.MustGraphQL(move, map[string]any{"id": b, "to": d}, nil)
		s.MustGraphQL(`mutation($id: ID!) { deleteFolder(id: $id, contents: DELETE) }`, map[string]any{"id": d}, nil)
		if got := treeShape(folderTree(s, proj)); got != "0:C(0,1) " {
			t.Fatalf("after deleting D with its content: %s", got)
		}
		n, err := s.App.DB.Client.Video.Query().Count(apptest.System())
		if err != nil || n != 1 {
			t.Fatalf("videos left = %d (%v), want 1 (the one in C)", n, err)
		}
	})
}

func TestProjectSettingsUpsert(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		upsert := `mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key value } }`
		type setting struct {
			Key   string `json:"key"`
			Value string `json:"value"`
		}
		var out struct{ UpsertProjectSettings []setting }
		s.MustGraphQL(upsert, map[string]any{"p": proj, "in": []setting{
			{"transcoding", `{"player_encryption": true}`}, {"custom", "x"},
		}}, &out)
		s.MustGraphQL(upsert, map[string]any{"p": proj, "in": []setting{{"custom", "y"}}}, &out)
		want := []setting{{"custom", "y"}, {"transcoding", `{"player_encryption": true}`}}
		if fmt.Sprint(out.UpsertProjectSettings) != fmt.Sprint(want) {
			t.Fatalf("settings = %v, want %v", out.UpsertProjectSettings, want)
		}
		if code := s.ErrorCode(upsert, map[string]any{"p": proj, "in": []setting{{"a", "1"}, {"a", "2"}}}); code != "INVALID_INPUT" {
			t.Fatalf("duplicate key: %q", code)
		}
		if code := s.ErrorCode(upsert, map[string]any{"p": proj, "in": []setting{{"", "1"}}}); code != "INVALID_INPUT" {
			t.Fatalf("empty key: %q", code)
		}
	})
}

func TestDeleteProjectRemovesItsContent(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		keep := s.CreateProject(org, "Keep")
		f := s.CreateFolder(proj, "", "A")
		s.CreateFolder(proj, f, "B")
		s.CreateVideo(proj, f, "v", s.CreateTag(proj, "t"))
		s.CreateVideo(keep, "", "kept")
		s.MustGraphQL(`mutation($p: ID!) { deleteProject(id: $p) }`, map[string]any{"p": proj}, nil)
		if code := s.ErrorCode(`query($p: ID!) { project(id: $p) { id } }`, map[string]any{"p": proj}); code != "NOT_FOUND" {
			t.Fatalf("deleted project: %q", code)
		}
		c := s.App.DB.Client
		folders, _ := c.Folder.Query().Count(apptest.System())
		videos, _ := c.Video.Query().Count(apptest.System())
		tags, _ := c.Tag.Query().Count(apptest.System())
		if folders != 0 || videos != 1 || tags != 0 {
			t.Fatalf("left: %d folders, %d videos, %d tags; want 0, 1, 0", folders, videos, tags)
		}
	})
}
