package graph_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// seedProject fills a project straight through the ent client (fast, and still the
// real schema and triggers): a chain of depth folders, each with a sibling, and n
// videos spread over the folders, every tenth tagged "special" and titled
// "rare" every hundredth.
func seedProject(t *testing.T, client *ent.Client, proj string, depth, n int) {
	t.Helper()
	ctx := apptest.System()
	pid := uuid.MustParse(proj)
	tag := client.Tag.Create().SetProjectID(pid).SetName("special").SaveX(ctx)
	var folders []uuid.UUID
	var parent *uuid.UUID
	for i := range depth {
		f := client.Folder.Create().SetProjectID(pid).SetName(fmt.Sprintf("level %d", i)).SetNillableParentID(parent).SaveX(ctx)
		client.Folder.Create().SetProjectID(pid).SetName(fmt.Sprintf("side %d", i)).SetNillableParentID(parent).ExecX(ctx)
		folders = append(folders, f.ID)
		parent = &f.ID
	}
	const chunk = 500
	for start := 0; start < n; start += chunk {
		builders := make([]*ent.VideoCreate, 0, chunk)
		for i := start; i < min(start+chunk, n); i++ {
			title := fmt.Sprintf("video number %d", i)
			if i%100 == 0 {
				title += " rare"
			}
			b := client.Video.Create().SetProjectID(pid).SetTitle(title).SetDescription("about things").
				SetFolderID(folders[i%len(folders)])
			if i%10 == 0 {
				b.AddTagIDs(tag.ID)
			}
			builders = append(builders, b)
		}
		client.Video.CreateBulk(builders...).ExecX(ctx)
	}
}

// TestFolderTreeAndSearchStayBounded proves the folder tree and search cost the
// same number of SQL statements for a tiny project and for one with 10,000 videos
// and a 200-deep folder tree.
func TestFolderTreeAndSearchStayBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 10,000 videos")
	}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s, db, counter := countingServer(t, d)
			org := s.CreateOrganization("Acme")
			small, large := s.CreateProject(org, "small"), s.CreateProject(org, "large")
			seedProject(t, db.Client, small, 2, 20)
			seedProject(t, db.Client, large, 200, 10_000)

			tree := `query($p: ID!) { folderTree(projectID: $p) { id depth videoCount } }`
			find := `query($p: ID!, $q: String!) { searchVideos(projectID: $p, query: $q, first: 50) { totalCount edges { node { id title } } } }`
			// The fewer statements of two runs: a request's own are the same each
			// time, while a background statement of the process (a periodic
			// flush or check) may land in either.
			cost := func(query string, vars map[string]any, out any) int64 {
				best := int64(-1)
				for range 2 {
					counter.Reset()
					s.MustGraphQL(query, vars, out)
					if n := counter.Count(); best < 0 || n < best {
						best = n
					}
				}
				return best
			}
			var smallTree, largeTree struct {
				FolderTree []struct {
					Depth, VideoCount int
				}
			}
			smallCost := cost(tree, map[string]any{"p": small}, &smallTree)
			smallStatements := counter.Statements()
			largeCost := cost(tree, map[string]any{"p": large}, &largeTree)
			total, deepest := 0, 0
			for _, f := range largeTree.FolderTree {
				total += f.VideoCount
				deepest = max(deepest, f.Depth)
			}
			if len(largeTree.FolderTree) != 400 || deepest != 199 {
				t.Fatalf("large tree has %d folders, %d deep", len(largeTree.FolderTree), deepest)
			}
			if total != 10_000 {
				t.Fatalf("tree counts %d videos, want 10000", total)
			}
			// At most 5: the signed-in request's session and membership (role and
			// grants) lookups, then the tree's own 3.
			if smallCost != largeCost || largeCost > 5 {
				t.Fatalf("folderTree: %d statements for 4 folders, %d for 400 folders; want the same, at most 5\nsmall: %q\nlarge: %q",
					smallCost, largeCost, smallStatements, counter.Statements())
			}

			type searchOut struct {
				SearchVideos struct{ TotalCount int }
			}
			var smallFind, largeFind, rare searchOut
			smallCost = cost(find, map[string]any{"p": small, "q": "special"}, &smallFind)
			largeCost = cost(find, map[string]any{"p": large, "q": "special"}, &largeFind)
			if smallFind.SearchVideos.TotalCount != 2 || largeFind.SearchVideos.TotalCount != 1000 {
				t.Fatalf("tag search found %d and %d, want 2 and 1000", smallFind.SearchVideos.TotalCount, largeFind.SearchVideos.TotalCount)
			}
			if smallCost != largeCost || largeCost > 5 {
				t.Fatalf("searchVideos: %d statements small, %d large; want the same, at most 5 (session and membership lookups included)", smallCost, largeCost)
			}
			cost(find, map[string]any{"p": large, "q": "RARE video"}, &rare)
			if rare.SearchVideos.TotalCount != 100 {
				t.Fatalf("word search found %d, want 100", rare.SearchVideos.TotalCount)
			}
		})
	}
}
