package graph_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// reportLatencies reports the median and 99th percentile of per-operation latencies.
func reportLatencies(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// searchWordsBench are the words the search benchmark rotates through, from
// common (every 7th video) to rare (every 997th).
var searchWordsBench = []string{"amber", "cobalt", "crimson", "emerald", "amber crimson"}

// BenchmarkSearch100kVideosPostgres measures searchVideos over HTTP on a project of
// 100,000 videos in PostgreSQL (seeded with one INSERT ... SELECT, the triggers
// building the search documents), first page of 50.
func BenchmarkSearch100kVideosPostgres(b *testing.B) {
	if !slices.Contains(testdb.Dialects(b), dialect.Postgres) {
		b.Skip("PostgreSQL is not reachable")
	}
	s := apptest.New(b, dialect.Postgres)
	proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
	_, err := s.App.DB.SQL.ExecContext(context.Background(), `
		INSERT INTO videos (id, created_at, updated_at, title, description, project_id)
		SELECT gen_random_uuid(), now(), now(),
		       'video ' || i || CASE WHEN i % 7 = 0 THEN ' amber' ELSE '' END
		                     || CASE WHEN i % 101 = 0 THEN ' cobalt' ELSE '' END,
		       'description of ' || i || CASE WHEN i % 13 = 0 THEN ' crimson' ELSE '' END
		                              || CASE WHEN i % 997 = 0 THEN ' emerald' ELSE '' END,
		       $1
		FROM generate_series(1, 100000) AS i`, proj)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.App.DB.SQL.ExecContext(context.Background(), "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	query := `query($p: ID!, $q: String!) { searchVideos(projectID: $p, query: $q, first: 50) { totalCount edges { node { id title } } } }`
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		s.MustGraphQL(query, map[string]any{"p": proj, "q": searchWordsBench[i%len(searchWordsBench)]}, nil)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, lat)
}

// BenchmarkFolderTree1000Folders measures folderTree over HTTP on a project of
// 1,000 folders (ten roots, each ten wide and three deep) on each database.
func BenchmarkFolderTree1000Folders(b *testing.B) {
	for _, d := range testdb.Dialects(b) {
		b.Run(d, func(b *testing.B) {
			s := apptest.New(b, d)
			proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
			seedFolderTree(b, s.App.DB.Client, uuid.MustParse(proj))
			query := `query($p: ID!) { folderTree(projectID: $p) { id depth path childCount videoCount } }`
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				s.MustGraphQL(query, map[string]any{"p": proj}, nil)
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			reportLatencies(b, lat)
		})
	}
}

// seedFolderTree creates 10 root folders with 10 children each, each of which has
// 9 children: 10 + 100 + 900 = 1,010 folders, in three bulk inserts.
func seedFolderTree(b *testing.B, client *ent.Client, pid uuid.UUID) {
	ctx := apptest.System()
	level := []*uuid.UUID{nil}
	for depth, width := range []int{10, 10, 9} {
		var builders []*ent.FolderCreate
		for _, parent := range level {
			for i := range width {
				builders = append(builders, client.Folder.Create().SetProjectID(pid).
					SetName(fmt.Sprintf("folder %d-%d", depth, i)).SetNillableParentID(parent))
			}
		}
		created, err := client.Folder.CreateBulk(builders...).Save(ctx)
		if err != nil {
			b.Fatal(err)
		}
		level = level[:0]
		for _, f := range created {
			level = append(level, &f.ID)
		}
	}
}
