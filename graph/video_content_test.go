package graph_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const searchQuery = `query($p: ID!, $q: String!, $first: Int, $after: Cursor) {
  searchVideos(projectID: $p, query: $q, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { title } }
  }
}`

// search returns the sorted titles a query finds.
func search(t *testing.T, s *apptest.Server, proj, q string) []string {
	t.Helper()
	var out struct {
		SearchVideos struct {
			TotalCount int
			Edges      []struct{ Node struct{ Title string } }
		}
	}
	s.MustGraphQL(searchQuery, map[string]any{"p": proj, "q": q, "first": 100}, &out)
	titles := []string{}
	for _, e := range out.SearchVideos.Edges {
		titles = append(titles, e.Node.Title)
	}
	sort.Strings(titles)
	if out.SearchVideos.TotalCount != len(titles) {
		t.Fatalf("totalCount %d for %d results", out.SearchVideos.TotalCount, len(titles))
	}
	return titles
}

func TestSearchVideos(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		other := siblingProject(s, proj, "Other")
		cats := s.CreateTag(proj, "Felines")
		s.CreateVideo(proj, "", "Cooking pasta", cats)
		v2 := s.CreateVideo(proj, "", "Garden tour")
		s.MustGraphQL(`mutation($id: ID!) { updateVideo(id: $id, input: {description: "Tomatoes and PASTA sauce"}) { id } }`, map[string]any{"id": v2}, nil)
		s.CreateVideo(proj, "", "Pastafarian")
		s.CreateVideo(other, "", "Cooking pasta elsewhere")

		cases := map[string]string{
			"pasta":           "[Cooking pasta Garden tour]", // title and description, whole words only
			"PASTA cooking":   "[Cooking pasta]",             // every word must match
			"felines":         "[Cooking pasta]",             // tag names
			"garden, tour!":   "[Garden tour]",               // punctuation separates words
			"nothing":         "[]",
			`"pasta" * -tour`: "[Garden tour]", // query syntax is not interpreted: every word counts
		}
		for q, want := range cases {
			if got := fmt.Sprint(search(t, s, proj, q)); got != want {
				t.Errorf("search %q = %s, want %s", q, got, want)
			}
		}
		// Tag renames, detaching and deletes reach the index.
		s.MustGraphQL(`mutation($id: ID!, $tag: ID!) { updateVideo(id: $id, input: {addTagIDs: [$tag]}) { id } }`, map[string]any{"id": v2, "tag": cats}, nil)
		if got := fmt.Sprint(search(t, s, proj, "felines")); got != "[Cooking pasta Garden tour]" {
			t.Fatalf("after tagging: %s", got)
		}
		s.MustGraphQL(`mutation($id: ID!, $tag: ID!) { updateVideo(id: $id, input: {removeTagIDs: [$tag]}) { id } }`, map[string]any{"id": v2, "tag": cats}, nil)
		s.MustGraphQL(`mutation($id: ID!) { deleteTag(id: $id) }`, map[string]any{"id": cats}, nil)
		if got := fmt.Sprint(search(t, s, proj, "felines")); got != "[]" {
			t.Fatalf("after deleting the tag: %s", got)
		}
		s.MustGraphQL(`mutation($id: ID!) { updateVideo(id: $id, input: {title: "Herb garden"}) { id } }`, map[string]any{"id": v2}, nil)
		if got := fmt.Sprint(search(t, s, proj, "herb")); got != "[Herb garden]" {
			t.Fatalf("after renaming: %s", got)
		}
		s.MustGraphQL(`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": v2}, nil)
		if got := fmt.Sprint(search(t, s, proj, "herb")); got != "[]" {
			t.Fatalf("after deleting: %s", got)
		}
		// Paged.
		for i := range 5 {
			s.CreateVideo(proj, "", fmt.Sprintf("page %d", i))
		}
		var page struct {
			SearchVideos struct {
				TotalCount int
				PageInfo   struct {
					HasNextPage bool
					EndCursor   string
				}
				Edges []struct{ Node struct{ Title string } }
			}
		}
		s.MustGraphQL(searchQuery, map[string]any{"p": proj, "q": "page", "first": 3}, &page)
		if page.SearchVideos.TotalCount != 5 || len(page.SearchVideos.Edges) != 3 || !page.SearchVideos.PageInfo.HasNextPage {
			t.Fatalf("first page = %+v", page.SearchVideos)
		}
		s.MustGraphQL(searchQuery, map[string]any{"p": proj, "q": "page", "first": 3, "after": page.SearchVideos.PageInfo.EndCursor}, &page)
		if len(page.SearchVideos.Edges) != 2 || page.SearchVideos.Edges[1].Node.Title != "page 4" || page.SearchVideos.PageInfo.HasNextPage {
			t.Fatalf("second page = %+v", page.SearchVideos)
		}
		wantOpError(t, s, "INVALID_INPUT", "query", searchQuery, map[string]any{"p": proj, "q": " ?! ", "first": 10})
		wantOpError(t, s, "NOT_FOUND", "", searchQuery, map[string]any{"p": "01900000-0000-7000-8000-000000000000", "q": "a", "first": 10})
	})
}

func TestVideoMetadataAndCustomField(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		v1 := s.CreateVideo(proj, "", "one")
		v2 := s.CreateVideo(proj, "", "two")
		upsert := `mutation($v: ID!, $e: [MetadataEntryInput!]!) { upsertVideoMetadata(videoID: $v, entries: $e) { key value } }`
		var out struct{ UpsertVideoMetadata []struct{ Key, Value string } }
		s.MustGraphQL(upsert, map[string]any{"v": v1, "e": []map[string]string{{"key": "sku", "value": "A-1"}, {"key": "level", "value": "easy"}}}, &out)
		s.MustGraphQL(upsert, map[string]any{"v": v1, "e": []map[string]string{{"key": "level", "value": "hard"}}}, &out)
		if got := fmt.Sprint(out.UpsertVideoMetadata); got != "[{level hard} {sku A-1}]" {
			t.Fatalf("metadata = %s", got)
		}
		s.MustGraphQL(upsert, map[string]any{"v": v2, "e": []map[string]string{{"key": "sku", "value": "B-2"}}}, &out)
		var list struct{ VideoMetadata []struct{ Key, Value string } }
		s.MustGraphQL(`query($v: ID!) { videoMetadata(videoID: $v) { key value } }`, map[string]any{"v": v1}, &list)
		if got := fmt.Sprint(list.VideoMetadata); got != "[{level hard} {sku A-1}]" {
			t.Fatalf("videoMetadata = %s", got)
		}
		byField := `query($p: ID!, $k: String!, $v: String!) { videosByCustomField(projectID: $p, key: $k, value: $v, first: 10) { totalCount edges { node { id } } } }`
		var found struct {
			VideosByCustomField struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
		}
		s.MustGraphQL(byField, map[string]any{"p": proj, "k": "sku", "v": "B-2"}, &found)
		if found.VideosByCustomField.TotalCount != 1 || found.VideosByCustomField.Edges[0].Node.ID != v2 {
			t.Fatalf("by sku B-2: %+v", found.VideosByCustomField)
		}
		s.MustGraphQL(byField, map[string]any{"p": proj, "k": "level", "v": "easy"}, &found)
		if found.VideosByCustomField.TotalCount != 0 {
			t.Fatalf("stale value found: %+v", found.VideosByCustomField)
		}
		wantOpError(t, s, "INVALID_INPUT", "key", upsert, map[string]any{"v": v1, "e": []map[string]string{{"key": "a b", "value": "x"}}})
		wantOpError(t, s, "INVALID_INPUT", "key", upsert, map[string]any{"v": v1, "e": []map[string]string{{"key": "a", "value": "x"}, {"key": "a", "value": "y"}}})
		wantOpError(t, s, "INVALID_INPUT", "key", byField, map[string]any{"p": proj, "k": "", "v": "x"})
		wantOpError(t, s, "NOT_FOUND", "", upsert, map[string]any{"v": "01900000-0000-7000-8000-000000000000", "e": []map[string]string{{"key": "a", "value": "x"}}})
	})
}

func TestAssignVideosToFolder(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		other := siblingProject(s, proj, "O")
		folder := s.CreateFolder(proj, "", "F")
		foreignFolder := s.CreateFolder(other, "", "X")
		v1, v2 := s.CreateVideo(proj, "", "a"), s.CreateVideo(proj, "", "b")
		foreign := s.CreateVideo(other, "", "c")
		assign := `mutation($p: ID!, $ids: [ID!]!, $f: ID) { assignVideosToFolder(projectID: $p, videoIDs: $ids, folderID: $f) { id folderID } }`
		var out struct {
			AssignVideosToFolder []struct{ ID, FolderID string }
		}
		s.MustGraphQL(assign, map[string]any{"p": proj, "ids": []string{v2, v1}, "f": folder}, &out)
		if got := fmt.Sprint(out.AssignVideosToFolder); got != fmt.Sprintf("[{%s %s} {%s %s}]", v2, folder, v1, folder) {
			t.Fatalf("assigned = %s", got)
		}
		var f struct {
			Folder struct{ Videos struct{ TotalCount int } }
		}
		s.MustGraphQL(`query($id: ID!) { folder(id: $id) { videos(first: 10) { totalCount } } }`, map[string]any{"id": folder}, &f)
		if f.Folder.Videos.TotalCount != 2 {
			t.Fatalf("folder holds %d videos", f.Folder.Videos.TotalCount)
		}
		// All or none: a video of another project refuses the whole batch.
		wantOpError(t, s, "INVALID_INPUT", "videoIDs", assign, map[string]any{"p": proj, "ids": []string{v1, foreign}, "f": nil})
		if n := sqlInt(t, s, "SELECT count(*) FROM videos WHERE folder_id = ?", folder); n != 2 {
			t.Fatalf("a refused batch moved videos: %d left in the folder", n)
		}
		wantOpError(t, s, "INVALID_INPUT", "folderID", assign, map[string]any{"p": proj, "ids": []string{v1}, "f": foreignFolder})
		wantOpError(t, s, "INVALID_INPUT", "videoIDs", assign, map[string]any{"p": proj, "ids": []string{}, "f": nil})
		s.MustGraphQL(assign, map[string]any{"p": proj, "ids": []string{v1}, "f": nil}, &out)
		if n := sqlInt(t, s, "SELECT count(*) FROM videos WHERE folder_id IS NULL AND project_id = ?", proj); n != 1 {
			t.Fatalf("videos at the root = %d, want 1", n)
		}
	})
}
