package graph_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestEagerLoadedCaptionsInheritTheirVideosFilter reads the captions of a
// page of videos as an API key granted one folder of a project: the captions
// come as the children of the videos the key may read, so their statement
// carries no tenancy filter of its own (tenancy.inherited), and they are the
// captions of those videos only. A query of captions that is not such a load
// (a node lookup) keeps its filter and does not find a caption of a video
// outside the grant.
func TestEagerLoadedCaptionsInheritTheirVideosFilter(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, db, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			granted, other := s.CreateFolder(proj, "", "granted"), s.CreateFolder(proj, "", "other")
			inside, outside := s.CreateVideo(proj, granted, "inside"), s.CreateVideo(proj, other, "outside")
			addCaption(t, db, inside, "en")
			addCaption(t, db, inside, "fr")
			hidden := addCaption(t, db, outside, "de")

			reader := http.Header{"X-Api-Key": {s.CreateAPIKey(`[{"entity_id": "` + proj + `", "entity_type": "projects", "name": "custom", "action": "",
				"permission": [{"name": "folders", "action": "custom", "folders": [{"action": "read", "folder_id": "` + granted + `"}]}]}]`)}}
			anon := s.Anonymous()

			var page struct {
				Project struct {
					Videos struct {
						Edges []struct {
							Node struct {
								Title    string
								Captions []struct{ Language string }
							}
						}
					}
				}
			}
			counter.Reset()
			anon.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 10) { edges { node { title captions { language } } } } } }`,
				map[string]any{"p": proj}, &page, reader)
			var got []string
			for _, e := range page.Project.Videos.Edges {
				for _, c := range e.Node.Captions {
					got = append(got, e.Node.Title+"/"+c.Language)
				}
			}
			slices.Sort(got)
			if want := []string{"inside/en", "inside/fr"}; !slices.Equal(got, want) {
				t.Fatalf("captions read = %v, want %v", got, want)
			}
			loads := captionStatements(counter)
			if len(loads) != 1 {
				t.Fatalf("caption statements of the page = %q, want one", loads)
			}
			if readsVideos(loads[0]) {
				t.Errorf("the eager load of captions filters them again through videos: %s", loads[0])
			}

			counter.Reset()
			if code := anon.ErrorCode(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": hidden}, reader); code != "NOT_FOUND" {
				t.Fatalf("the key looking up the caption of a video outside its folder: %s, want NOT_FOUND (statements %q)", code, counter.Statements())
			}
			lookups := captionStatements(counter)
			if len(lookups) == 0 || !readsVideos(lookups[0]) {
				t.Errorf("a caption lookup that is not an eager load is not filtered through videos: %q", lookups)
			}
		})
	}
}

// TestFolderVideosInheritTheirFoldersFilter reads a project's folders with a
// page of each one's videos as an API key granted one folder (and so its
// subfolder): the videos come as the children of the folders the key may
// read, so their statement carries no tenancy filter of its own
// (tenancy.inherited: no read of projects or of the folder tree), and they
// are the videos of those folders only. The project's videos connection, not
// such a load, keeps its filter and leaves the other folder's video out.
func TestFolderVideosInheritTheirFoldersFilter(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s, _, counter := countingServer(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			granted, other := s.CreateFolder(proj, "", "granted"), s.CreateFolder(proj, "", "other")
			sub := s.CreateFolder(proj, granted, "sub")
			s.CreateVideo(proj, granted, "inside")
			s.CreateVideo(proj, sub, "deep")
			s.CreateVideo(proj, other, "outside")
			s.CreateVideo(proj, "", "root")

			reader := http.Header{"X-Api-Key": {s.CreateAPIKey(`[{"entity_id": "` + proj + `", "entity_type": "projects", "name": "custom", "action": "",
				"permission": [{"name": "folders", "action": "custom", "folders": [{"action": "read", "folder_id": "` + granted + `"}]}]}]`)}}
			anon := s.Anonymous()

			var tree struct {
				Project struct {
					Folders struct {
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
			counter.Reset()
			anon.MustGraphQL(`query($p: ID!) { project(id: $p) { folders(first: 10) { edges { node { name
				videos(first: 10) { edges { node { title } } } } } } } }`, map[string]any{"p": proj}, &tree, reader)
			var got []string
			for _, f := range tree.Project.Folders.Edges {
				for _, v := range f.Node.Videos.Edges {
					got = append(got, f.Node.Name+"/"+v.Node.Title)
				}
			}
			slices.Sort(got)
			if want := []string{"granted/inside", "sub/deep"}; !slices.Equal(got, want) {
				t.Fatalf("folder videos read = %v, want %v", got, want)
			}
			loads := videoStatements(counter)
			if len(loads) != 1 {
				t.Fatalf("video statements of the tree = %q, want one", loads)
			}
			if filtersContent(loads[0]) {
				t.Errorf("the eager load of the folders' videos filters them again: %s", loads[0])
			}

			var page struct {
				Project struct {
					Videos struct {
						Edges []struct{ Node struct{ Title string } }
					}
				}
			}
			counter.Reset()
			anon.MustGraphQL(`query($p: ID!) { project(id: $p) { videos(first: 10) { edges { node { title } } } } }`,
				map[string]any{"p": proj}, &page, reader)
			got = got[:0]
			for _, e := range page.Project.Videos.Edges {
				got = append(got, e.Node.Title)
			}
			slices.Sort(got)
			if want := []string{"deep", "inside"}; !slices.Equal(got, want) {
				t.Fatalf("project videos read = %v, want %v", got, want)
			}
			if direct := videoStatements(counter); len(direct) == 0 || !filtersContent(direct[0]) {
				t.Errorf("the project's videos connection is not filtered: %q", direct)
			}
		})
	}
}

// videoStatements are the statements the counter saw that read videos.
func videoStatements(counter *testdb.Counter) []string {
	var out []string
	for _, q := range counter.Statements() {
		if readsVideos(q) {
			out = append(out, q)
		}
	}
	return out
}

// filtersContent reports whether a statement carries the content rule's
// filter: a read of projects (the organization) or of the folder tree.
func filtersContent(statement string) bool {
	for _, table := range []string{"projects", "folders"} {
		if strings.Contains(statement, `FROM "`+table+`"`) || strings.Contains(statement, "FROM `"+table+"`") ||
			strings.Contains(statement, "FROM "+table+" ") {
			return true
		}
	}
	return false
}

// addCaption adds a caption in language to a video, as the system, and
// returns its id.
func addCaption(t *testing.T, db *database.DB, video, language string) string {
	t.Helper()
	c, err := db.Client.Caption.Create().SetVideoID(uuid.MustParse(video)).SetLanguage(language).
		SetSourceFormat("vtt").SetBlobKey("captions/" + video + "/" + language).SetSize(1).Save(apptest.System())
	if err != nil {
		t.Fatal(err)
	}
	return c.ID.String()
}

// captionStatements are the statements the counter saw that read captions.
func captionStatements(counter *testdb.Counter) []string {
	var out []string
	for _, q := range counter.Statements() {
		if strings.Contains(q, `FROM "captions"`) || strings.Contains(q, "FROM `captions`") {
			out = append(out, q)
		}
	}
	return out
}

// readsVideos reports whether a statement reads the videos table (in either
// dialect's quotes).
func readsVideos(statement string) bool {
	return strings.Contains(statement, `FROM "videos"`) || strings.Contains(statement, "FROM `videos`")
}
