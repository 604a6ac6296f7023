//go:build unix

package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// tagsPageFields are the fields of the page of videos the external benchmark
// (issue 20) lists: the anchors' columns, newest first.
const tagsPageFields = `id projectID folderID title description status duration size createdAt updatedAt`

// tagsPageQueries are the page of 50 videos without and with each video's tags.
var tagsPageQueries = []struct{ name, query string }{
	{"plain", `query($p: ID!) { videos(first: 50, where: {projectID: $p}, orderBy: {field: CREATED_AT, direction: DESC}) {
  edges { node { ` + tagsPageFields + ` } } pageInfo { hasNextPage endCursor } } }`},
	{"tags", `query($p: ID!) { videos(first: 50, where: {projectID: $p}, orderBy: {field: CREATED_AT, direction: DESC}) {
  edges { node { ` + tagsPageFields + ` tags(first: 10) { edges { node { id name } } } } } pageInfo { hasNextPage endCursor } } }`},
}

// BenchmarkVideoPageTags serves the page of 50 videos of issue 20 without and
// with each video's tags (seven tags in the project, 0 to 3 a video as in the
// anchors' data) straight through the app's handler on PostgreSQL, one request
// at a time, so that allocs/op and go-cpu-us/op are Vidra's own per request.
// Profile it with -cpuprofile/-memprofile and a -bench filter of one variant.
func BenchmarkVideoPageTags(b *testing.B) {
	if !slices.Contains(testdb.Dialects(b), dialect.Postgres) {
		b.Skip("PostgreSQL is not reachable")
	}
	s := apptest.New(b, dialect.Postgres, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
	proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
	tags := make([]string, 0, 7)
	for _, name := range []string{"marketing", "q3", "engineering", "sales", "demo", "external", "internal"} {
		tags = append(tags, s.CreateTag(proj, name))
	}
	seedTaggedVideos(b, s, proj, tags, 2000)
	for _, q := range tagsPageQueries {
		b.Run(q.name, func(b *testing.B) {
			body, _ := json.Marshal(map[string]any{"query": q.query, "variables": map[string]any{"p": proj}})
			serve := func() *httptest.ResponseRecorder {
				req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+s.Token)
				rec := httptest.NewRecorder()
				s.App.Handler.ServeHTTP(rec, req)
				return rec
			}
			if rec := serve(); rec.Code != http.StatusOK || bytes.Contains(rec.Body.Bytes(), []byte(`"errors"`)) ||
				!bytes.Contains(rec.Body.Bytes(), []byte(`"hasNextPage":true`)) {
				b.Fatalf("status %d: %.300s", rec.Code, rec.Body.Bytes())
			}
			b.ReportAllocs()
			cpu := processCPU()
			b.ResetTimer()
			for range b.N {
				serve()
			}
			b.StopTimer()
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "go-cpu-us/op")
		})
	}
}

// seedTaggedVideos inserts n videos into the project, a minute apart, each
// tagged as the anchors' seed tags video i: two, one, none, three or one of the
// project's seven tags.
func seedTaggedVideos(b *testing.B, s *apptest.Server, proj string, tags []string, n int) {
	b.Helper()
	ctx := context.Background()
	_, err := s.App.DB.SQL.ExecContext(ctx, `
		INSERT INTO videos (id, created_at, updated_at, title, description, project_id, status, duration, size)
		SELECT gen_random_uuid(), now() - i * interval '1 minute', now(), 'video ' || i,
		       left(repeat('Lorem ipsum dolor sit amet. ', 10), i % 280), $1, 'ready', i % 600, i * 1024
		FROM generate_series(1, $2::int) AS i`, proj, n)
	if err != nil {
		b.Fatal(err)
	}
	// Video i's tags by i % 5: {0,1}, {2}, none, {3,4,5}, {6}.
	_, err = s.App.DB.SQL.ExecContext(ctx, `
		INSERT INTO video_tags (video_id, tag_id)
		SELECT v.id, ($2::uuid[])[t.k + 1]
		FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS i FROM videos WHERE project_id = $1) v
		JOIN (VALUES (0, 0), (0, 1), (1, 2), (3, 3), (3, 4), (3, 5), (4, 6)) AS t(m, k) ON v.i % 5 = t.m`,
		proj, "{"+strings.Join(tags, ",")+"}")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.App.DB.SQL.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// processCPU is the process's user and system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
