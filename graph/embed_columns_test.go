package graph_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestEmbedFieldsOnAList: a list of videos that selects embedURL and embedCode
// (as the REST list does) reads only the columns those resolvers use
// (ent/custom_columns.go) and still gives the snippet at the video's own size
// and title, on GraphQL and REST; a custom field not declared there still
// loads every column.
func TestEmbedFieldsOnAList(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db, counter := testdb.OpenCounting(t, d)
			s := apptest.New(t, d, apptest.Options{DB: db, Env: map[string]string{"VIDRA_WORKERS": "false"}})
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			video := s.CreateVideo(proj, "", `Talk & "co"`)
			if _, err := s.App.DB.SQL.Exec(`UPDATE videos SET width = 1280, height = 720, encryption_key = 'k' WHERE title = 'Talk & "co"'`); err != nil {
				t.Fatal(err)
			}
			var out struct {
				Videos struct {
					Edges []struct {
						Node struct{ EmbedURL, EmbedCode string }
					}
				}
			}
			counter.Reset()
			s.MustGraphQL(`query($p: ID!) { videos(first: 5, where: {projectID: $p}) { edges { node { embedURL embedCode } } } }`,
				map[string]any{"p": proj}, &out)
			statements := strings.Join(counter.Statements(), "\n")
			if len(out.Videos.Edges) != 1 {
				t.Fatalf("%d videos, want 1", len(out.Videos.Edges))
			}
			got := out.Videos.Edges[0].Node
			if !strings.HasSuffix(got.EmbedURL, "/embed/"+video) ||
				!strings.HasPrefix(got.EmbedCode, `<iframe src="`+got.EmbedURL+`" width="1280" height="720" title="Talk &amp; &#34;co&#34;"`) {
				t.Errorf("embed fields through a list: %+v", got)
			}
			if !strings.Contains(statements, "width") || strings.Contains(statements, "encryption_key") || strings.Contains(statements, "storyboard") {
				t.Errorf("the list read other columns than the embed fields need:\n%s", statements)
			}
			// REST: the same values in the list's shape.
			st, env := s.REST(http.MethodGet, "/v1/projects/"+proj+"/videos", "")
			if st != http.StatusOK || !strings.Contains(string(env.Result), `width=\"1280\" height=\"720\"`) {
				t.Errorf("REST list = %d %s", st, env.Result)
			}
			// playbackURL is a custom field not declared: every column is read.
			counter.Reset()
			s.MustGraphQL(`query($p: ID!) { videos(first: 5, where: {projectID: $p}) { edges { node { playbackURL } } } }`,
				map[string]any{"p": proj}, nil)
			if statements := strings.Join(counter.Statements(), "\n"); !strings.Contains(statements, "encryption_key") {
				t.Errorf("an undeclared custom field did not read every column:\n%s", statements)
			}
		})
	}
}
