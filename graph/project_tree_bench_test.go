//go:build unix

package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// BenchmarkProjectTree serves the nested request of issue 20 (bench/http's
// queries/nested.graphql: a project, its first 10 folders by name, each
// folder's 10 newest videos and their captions) straight through the app's
// handler on PostgreSQL, one request at a time, over 20 folders of 100 videos
// with English and Spanish captions on every 4th video, as the anchors' data
// has them. allocs/op and go-cpu-us/op are Vidra's own per request; profile it
// with -cpuprofile.
func BenchmarkProjectTree(b *testing.B) {
	if !slices.Contains(testdb.Dialects(b), dialect.Postgres) {
		b.Skip("PostgreSQL is not reachable")
	}
	query, err := os.ReadFile("../bench/http/queries/nested.graphql")
	if err != nil {
		b.Fatal(err)
	}
	s := apptest.New(b, dialect.Postgres, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
	proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
	folders := make([]string, 20)
	for i := range folders {
		folders[i] = s.CreateFolder(proj, "", fmt.Sprintf("folder %02d", i))
	}
	seedFolderVideos(b, s, proj, folders, 100)
	body, _ := json.Marshal(map[string]any{"query": string(query), "variables": map[string]any{"projectId": proj}})
	serve := func() *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.Token)
		rec := httptest.NewRecorder()
		s.App.Handler.ServeHTTP(rec, req)
		return rec
	}
	var out struct {
		Data struct {
			Project struct {
				Folders struct {
					Edges []struct {
						Node struct {
							Videos struct {
								Edges []struct {
									Node struct{ Captions []struct{ ID string } }
								}
							}
						}
					}
				}
			}
		}
	}
	rec := serve()
	if err := json.Unmarshal(rec.Body.Bytes(), &out); rec.Code != http.StatusOK || err != nil ||
		bytes.Contains(rec.Body.Bytes(), []byte(`"errors"`)) {
		b.Fatalf("status %d (%v): %.300s", rec.Code, err, rec.Body.Bytes())
	}
	videos, captions := 0, 0
	for _, f := range out.Data.Project.Folders.Edges {
		for _, v := range f.Node.Videos.Edges {
			videos++
			captions += len(v.Node.Captions)
		}
	}
	if len(out.Data.Project.Folders.Edges) != 10 || videos != 100 || captions < 40 {
		b.Fatalf("%d folders, %d videos, %d captions; want 10, 100 and about 50", len(out.Data.Project.Folders.Edges), videos, captions)
	}
	b.ReportAllocs()
	cpu := processCPU()
	b.ResetTimer()
	for range b.N {
		serve()
	}
	b.StopTimer()
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "go-cpu-us/op")
}

// seedFolderVideos inserts n videos into each folder, a minute apart, with
// English and Spanish captions on every 4th one.
func seedFolderVideos(b *testing.B, s *apptest.Server, proj string, folders []string, n int) {
	b.Helper()
	ctx := context.Background()
	_, err := s.App.DB.SQL.ExecContext(ctx, `
		INSERT INTO videos (id, created_at, updated_at, title, description, project_id, folder_id, status, duration, size)
		SELECT gen_random_uuid(), now() - (f.k * $3 + i) * interval '1 minute', now(), 'video ' || f.k || '-' || i,
		       'about video ' || i, $1, f.id, 'ready', i % 600, i * 1024
		FROM unnest($2::uuid[]) WITH ORDINALITY AS f(id, k), generate_series(1, $3::int) AS i`,
		proj, "{"+joinIDs(folders)+"}", n)
	if err != nil {
		b.Fatal(err)
	}
	_, err = s.App.DB.SQL.ExecContext(ctx, `
		INSERT INTO captions (id, created_at, updated_at, language, label, source_format, blob_key, size, video_id)
		SELECT gen_random_uuid(), now(), now(), l.lang, l.label, 'vtt', 'captions/' || v.id || '/' || l.lang || '.vtt', 2048, v.id
		FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS i FROM videos WHERE project_id = $1) v
		CROSS JOIN (VALUES ('en', 'English'), ('es', 'Español')) AS l(lang, label)
		WHERE v.i % 4 = 0`, proj)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.App.DB.SQL.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// joinIDs joins ids with commas.
func joinIDs(ids []string) string {
	var b bytes.Buffer
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
	}
	return b.String()
}
