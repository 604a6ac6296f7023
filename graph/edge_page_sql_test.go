package graph_test

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// nestedPageQuery pages a project's folders and each folder's videos in two
// orders, and backwards in one: each is one per-parent page statement.
const nestedPageQuery = `query($p: ID!) { project(id: $p) {
  folders(first: 3, orderBy: {field: NAME}) { pageInfo { hasNextPage } edges { node { name
    byDate: videos(first: 2, orderBy: {field: CREATED_AT, direction: DESC}) {
      pageInfo { hasNextPage } edges { node { title captions { language } } } }
    byTitle: videos(first: 2, orderBy: {field: TITLE}) {
      pageInfo { hasNextPage } edges { node { title } } }
    lastByTitle: videos(last: 2, orderBy: {field: TITLE}) {
      pageInfo { hasPreviousPage } edges { node { title } } }
  } } } } }`

// folderPage is one folder of nestedPageQuery's page, as titles.
type folderPage struct {
	Name                         string
	ByDate, ByTitle, LastByTitle []string
	ByDateNext, ByTitleNext      bool
	LastByTitlePrevious          bool
	Captions                     []string
}

// nestedPage is nestedPageQuery's page.
type nestedPage struct {
	Folders []folderPage
	Next    bool
}

// TestNestedPagesMatchBruteForce runs nestedPageQuery on both dialects over the
// same data: the pages equal each other and what sorting every row in Go
// gives, and the statements ask for the children of the page's folders and the
// captions of the page's videos only, not of the extra rows fetched to tell
// hasNextPage (on PostgreSQL the scan tells those by counting each folder's
// rows, with no ROW_NUMBER in the LATERAL join).
func TestNestedPagesMatchBruteForce(t *testing.T) {
	pages := map[string]nestedPage{}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, db, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			// Folders made out of name order; each with a few videos, some titles
			// repeated so that the title order falls back to the id.
			videos := map[string][]string{
				"f3": {"d"}, "f0": {"b", "a", "c"}, "f4": {"a", "b"}, "f1": {}, "f2": {"b", "a", "b", "c", "a"},
			}
			for _, name := range []string{"f3", "f0", "f4", "f1", "f2"} {
				f := s.CreateFolder(proj, "", name)
				for i, title := range videos[name] {
					v := s.CreateVideo(proj, f, title)
					if i%2 == 0 {
						addCaption(t, db, v, "en")
					}
				}
			}
			var out struct {
				Project struct {
					Folders struct {
						PageInfo struct{ HasNextPage bool }
						Edges    []struct {
							Node struct {
								Name                         string
								ByDate, ByTitle, LastByTitle struct {
									PageInfo struct{ HasNextPage, HasPreviousPage bool }
									Edges    []struct {
										Node struct {
											Title    string
											Captions []struct{ Language string }
										}
									}
								}
							}
						}
					}
				}
			}
			counter.Reset()
			s.MustGraphQL(nestedPageQuery, map[string]any{"p": proj}, &out)
			statements := counter.Statements()
			got := nestedPage{Next: out.Project.Folders.PageInfo.HasNextPage}
			returnedVideos := 0
			for _, e := range out.Project.Folders.Edges {
				fp := folderPage{Name: e.Node.Name, ByDate: []string{}, ByTitle: []string{}, LastByTitle: []string{},
					Captions: []string{}, ByDateNext: e.Node.ByDate.PageInfo.HasNextPage,
					ByTitleNext: e.Node.ByTitle.PageInfo.HasNextPage, LastByTitlePrevious: e.Node.LastByTitle.PageInfo.HasPreviousPage}
				for _, v := range e.Node.LastByTitle.Edges {
					fp.LastByTitle = append(fp.LastByTitle, v.Node.Title)
				}
				for _, v := range e.Node.ByDate.Edges {
					returnedVideos++
					fp.ByDate = append(fp.ByDate, v.Node.Title)
					for _, c := range v.Node.Captions {
						fp.Captions = append(fp.Captions, v.Node.Title+":"+c.Language)
					}
				}
				for _, v := range e.Node.ByTitle.Edges {
					fp.ByTitle = append(fp.ByTitle, v.Node.Title)
				}
				got.Folders = append(got.Folders, fp)
			}
			want := bruteForcePage(t, db.Client, proj)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("page:\n got %+v\nwant %+v", got, want)
			}
			pages[d] = got

			// The videos of 3 folders, not of the 4th fetched for hasNextPage; the
			// captions of the 4 videos returned by date, not of the extra ones.
			if n := inListSizes(statements, "folder_id"); !reflect.DeepEqual(n, []int{3, 3, 3}) {
				t.Errorf("folder_id IN lists of %v parents, want three of 3\n%s", n, strings.Join(statements, "\n"))
			}
			if n := inListSizes(statements, "video_id"); !reflect.DeepEqual(n, []int{returnedVideos}) {
				t.Errorf("video_id IN lists of %v videos, want one of %d\n%s", n, returnedVideos, strings.Join(statements, "\n"))
			}
			for _, q := range statements {
				if strings.Contains(q, "folder_id") && d == dialect.Postgres && !strings.Contains(q, "CROSS JOIN LATERAL") {
					t.Errorf("a folder's videos were not paged with a LATERAL join: %s", q)
				}
				// The scan counts each folder's rows (edgepage.Page.CountExtra):
				// no window aggregate runs per parent.
				if strings.Contains(q, "LATERAL") && strings.Contains(q, "ROW_NUMBER") {
					t.Errorf("a LATERAL page numbers its rows in SQL: %s", q)
				}
			}
		})
	}
	for d, page := range pages {
		if first := pages[dialect.SQLite]; !reflect.DeepEqual(page, first) {
			t.Fatalf("%s and SQLite pages differ:\n%+v\n%+v", d, page, first)
		}
	}
}

// bruteForcePage computes nestedPageQuery's page from all of the project's rows.
func bruteForcePage(t *testing.T, client *ent.Client, project string) nestedPage {
	t.Helper()
	ctx := apptest.System()
	folders, err := client.Folder.Query().Where(folder.ProjectID(uuid.MustParse(project))).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(folders, func(i, j int) bool {
		if folders[i].Name != folders[j].Name {
			return folders[i].Name < folders[j].Name
		}
		return bytes.Compare(folders[i].ID[:], folders[j].ID[:]) < 0
	})
	page := nestedPage{Next: len(folders) > 3}
	for _, f := range folders[:min(3, len(folders))] {
		vs, err := client.Video.Query().Where(video.FolderID(f.ID)).WithCaptions().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		fp := folderPage{Name: f.Name, ByDate: []string{}, ByTitle: []string{}, LastByTitle: []string{}, Captions: []string{}}
		sort.Slice(vs, func(i, j int) bool {
			if !vs[i].CreatedAt.Equal(vs[j].CreatedAt) {
				return vs[i].CreatedAt.After(vs[j].CreatedAt)
			}
			return bytes.Compare(vs[i].ID[:], vs[j].ID[:]) > 0
		})
		fp.ByDateNext = len(vs) > 2
		for _, v := range vs[:min(2, len(vs))] {
			fp.ByDate = append(fp.ByDate, v.Title)
			for _, c := range v.Edges.Captions {
				fp.Captions = append(fp.Captions, v.Title+":"+c.Language)
			}
		}
		sort.Slice(vs, func(i, j int) bool {
			if vs[i].Title != vs[j].Title {
				return vs[i].Title < vs[j].Title
			}
			return bytes.Compare(vs[i].ID[:], vs[j].ID[:]) < 0
		})
		fp.ByTitleNext = len(vs) > 2
		for _, v := range vs[:min(2, len(vs))] {
			fp.ByTitle = append(fp.ByTitle, v.Title)
		}
		fp.LastByTitlePrevious = len(vs) > 2
		for _, v := range vs[max(0, len(vs)-2):] {
			fp.LastByTitle = append(fp.LastByTitle, v.Title)
		}
		page.Folders = append(page.Folders, fp)
	}
	return page
}

// inListSizes returns the number of values of each "column IN (...)" list of the
// statements, in their order.
func inListSizes(statements []string, column string) []int {
	re := regexp.MustCompile(fmt.Sprintf("[\"`]%s[\"`] IN \\(((?:\\?|\\$\\d+)(?:, (?:\\?|\\$\\d+))*)\\)", regexp.QuoteMeta(column)))
	var sizes []int
	for _, q := range statements {
		for _, m := range re.FindAllStringSubmatch(q, -1) {
			sizes = append(sizes, strings.Count(m[1], ",")+1)
		}
	}
	return sizes
}

// videosWithTags is a page of videos, each with a page of its tags.
type videosWithTags struct {
	Edges []struct {
		Node struct {
			Title string
			Tags  struct {
				PageInfo struct{ HasNextPage bool }
				Edges    []struct{ Node struct{ Name string } }
			}
		}
	}
}

// TestManyToManyPagesKeepEachParentsOrder pages the tags of videos that share
// some: each video's page is in name order, though ent's many-to-many loader
// hands a tag shared by several videos to all of them at once.
func TestManyToManyPagesKeepEachParentsOrder(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
		tag := map[string]string{}
		for _, name := range []string{"d", "c", "b", "a"} {
			tag[name] = s.CreateTag(proj, name)
		}
		s.CreateVideo(proj, "", "v1", tag["a"], tag["c"], tag["d"])
		s.CreateVideo(proj, "", "v2", tag["b"], tag["c"], tag["d"])
		s.CreateVideo(proj, "", "v3", tag["a"], tag["b"])
		var out struct {
			Project struct{ Videos videosWithTags }
		}
		s.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 10) { edges { node { title
			tags(first: 2, orderBy: {field: NAME}) { pageInfo { hasNextPage } edges { node { name } } } } } } } }`,
			map[string]any{"p": proj}, &out)
		got := map[string]string{}
		for _, v := range out.Project.Videos.Edges {
			var names []string
			for _, e := range v.Node.Tags.Edges {
				names = append(names, e.Node.Name)
			}
			got[v.Node.Title] = fmt.Sprintf("%s %v", strings.Join(names, ","), v.Node.Tags.PageInfo.HasNextPage)
		}
		want := map[string]string{"v1": "a,c true", "v2": "b,c true", "v3": "a,b false"}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("tag pages %v, want %v", got, want)
		}
	})
}

// TestManyToManyPageFormFollowsStatistics pages the tags of videos and the
// videos of tags after ANALYZE: on PostgreSQL a video has fewer tags than a
// page holds, so its tags are read with the window form in one pass, while a
// tag has more videos than its page and keeps the LATERAL join. Both dialects
// and both forms give the same pages.
func TestManyToManyPageFormFollowsStatistics(t *testing.T) {
	pages := map[string]string{}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, db, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			tags := map[string]string{}
			for _, name := range []string{"a", "b", "c"} {
				tags[name] = s.CreateTag(proj, name)
			}
			// a on all 8 videos, b on 4, c on 2: 1.75 tags a video, 4.7 videos a tag.
			for i := range 8 {
				ids := []string{tags["a"]}
				if i%2 == 0 {
					ids = append(ids, tags["b"])
				}
				if i%4 == 0 {
					ids = append(ids, tags["c"])
				}
				s.CreateVideo(proj, "", fmt.Sprintf("v%d", i), ids...)
			}
			if d == dialect.Postgres {
				if _, err := db.SQL.Exec(`ANALYZE video_tags`); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.App.RefreshPageStats(apptest.System()); err != nil {
				t.Fatal(err)
			}
			const query = `query($p: ID!) {
  videos(first: 10, where: {projectID: $p}, orderBy: {field: TITLE}) { edges { node { title
    tags(first: 2, orderBy: {field: NAME}) { pageInfo { hasNextPage } edges { node { name } } } } } }
  tags(first: 10, where: {projectID: $p}, orderBy: {field: NAME}) { edges { node { name
    videos(first: 2, orderBy: {field: TITLE}) { pageInfo { hasNextPage } edges { node { title } } } } } } }`
			var out struct {
				Videos videosWithTags
				Tags   struct {
					Edges []struct {
						Node struct {
							Name   string
							Videos struct {
								PageInfo struct{ HasNextPage bool }
								Edges    []struct{ Node struct{ Title string } }
							}
						}
					}
				}
			}
			counter.Reset()
			s.MustGraphQL(query, map[string]any{"p": proj}, &out)
			statements := counter.Statements()
			var got []string
			for _, v := range out.Videos.Edges {
				var names []string
				for _, e := range v.Node.Tags.Edges {
					names = append(names, e.Node.Name)
				}
				got = append(got, fmt.Sprintf("%s:%s:%v", v.Node.Title, strings.Join(names, ","), v.Node.Tags.PageInfo.HasNextPage))
			}
			for _, tg := range out.Tags.Edges {
				var titles []string
				for _, e := range tg.Node.Videos.Edges {
					titles = append(titles, e.Node.Title)
				}
				got = append(got, fmt.Sprintf("%s:%s:%v", tg.Node.Name, strings.Join(titles, ","), tg.Node.Videos.PageInfo.HasNextPage))
			}
			want := []string{"v0:a,b:true", "v1:a:false", "v2:a,b:false", "v3:a:false", "v4:a,b:true", "v5:a:false",
				"v6:a,b:false", "v7:a:false", "a:v0,v1:true", "b:v0,v2:true", "c:v0,v4:false"}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("pages\n got %v\nwant %v", got, want)
			}
			pages[d] = strings.Join(got, " ")
			if d != dialect.Postgres {
				return
			}
			var videoTags, tagVideos string
			for _, q := range statements {
				if !strings.Contains(q, `"page_parent"`) && !strings.Contains(q, "page_row") {
					continue
				}
				if strings.Contains(q, `"t1"."video_id" AS`) || strings.Contains(q, `SELECT "t1"."video_id"`) {
					videoTags = q
				} else if strings.Contains(q, `"t1"."tag_id"`) {
					tagVideos = q
				}
			}
			if videoTags == "" || strings.Contains(videoTags, "LATERAL") || !strings.Contains(videoTags, "page_row") {
				t.Errorf("the tags of the videos were not read with the window form:\n%s", strings.Join(statements, "\n"))
			}
			if tagVideos == "" || !strings.Contains(tagVideos, "CROSS JOIN LATERAL") {
				t.Errorf("the videos of the tags were not read with a LATERAL join:\n%s", strings.Join(statements, "\n"))
			}
			// Both name their parents in one array argument, not in an IN list
			// of one argument a parent: the text is the same for any number.
			for _, q := range []string{videoTags, tagVideos} {
				if !strings.Contains(q, "::uuid[])") || strings.Contains(q, "IN ($") {
					t.Errorf("a many-to-many page does not name its parents in one array argument:\n%s", q)
				}
			}
		})
	}
	if len(pages) == 2 && pages[dialect.Postgres] != pages[dialect.SQLite] {
		t.Fatalf("dialects differ:\n%s\n%s", pages[dialect.Postgres], pages[dialect.SQLite])
	}
}
