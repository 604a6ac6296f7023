package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/rest"
)

// BenchmarkVideoList compares GET /v1/projects/{id}/videos?limit=50 with the same
// GraphQL operation posted to /graphql, on PostgreSQL, over one project of 10,000
// videos, one request at a time each, and reports both times and the REST layer's
// overhead (REST time minus GraphQL time, as a share of the GraphQL time).
func BenchmarkVideoList(b *testing.B) {
	if !slices.Contains(testdb.Dialects(b), "postgres") {
		b.Skip("PostgreSQL is not reachable")
	}
	s := apptest.New(b, "postgres")
	org := s.CreateOrganization("Bench")
	proj := s.CreateProject(org, "Bench")
	projID := uuid.MustParse(proj)
	ctx := apptest.System()
	for batch := 0; batch < 10; batch++ {
		builders := make([]*ent.VideoCreate, 1000)
		for i := range builders {
			builders[i] = s.App.DB.Client.Video.Create().SetProjectID(projID).
				SetTitle(fmt.Sprintf("video %05d", batch*1000+i)).
				SetMetadata(map[string]any{"level": "beginner", "index": i})
		}
		if err := s.App.DB.Client.Video.CreateBulk(builders...).Exec(ctx); err != nil {
			b.Fatal(err)
		}
	}
	// Statistics as autovacuum would have them for a table this size.
	if _, err := s.App.DB.SQL.Exec(`ANALYZE videos`); err != nil {
		b.Fatal(err)
	}
	row := rowOf(b, rest.HostMain, "GET", "/projects/{projId}/videos")
	gqlBody, _ := json.Marshal(map[string]any{"query": row.Operation, "variables": map[string]any{"projId": proj, "first": 50}})
	restURL := s.URL + "/v1/projects/" + proj + "/videos?limit=50"

	do := func(b *testing.B, req func() (*http.Response, error)) {
		res, err := req()
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("status %d", res.StatusCode)
		}
	}
	// Both carry the signed-in owner's bearer token: the list needs a credential.
	restCall := func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodGet, restURL, nil)
		req.Header.Set("Authorization", "Bearer "+s.Token)
		return s.Client.Do(req)
	}
	gqlCall := func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", bytes.NewReader(gqlBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.Token)
		return s.Client.Do(req)
	}
	for range 20 { // warm connections, caches and the query plan
		do(b, gqlCall)
		do(b, restCall)
	}
	// Each iteration sends one GraphQL and one REST request, timed apart, so both
	// see the same database, caches and machine load; the order alternates.
	var gqlTime, restTime time.Duration
	for i := 0; b.Loop(); i++ {
		first, second, firstTime, secondTime := gqlCall, restCall, &gqlTime, &restTime
		if i%2 == 1 {
			first, second, firstTime, secondTime = restCall, gqlCall, &restTime, &gqlTime
		}
		start := time.Now()
		do(b, first)
		mid := time.Now()
		do(b, second)
		*firstTime += mid.Sub(start)
		*secondTime += time.Since(mid)
	}
	gqlNs := float64(gqlTime.Nanoseconds()) / float64(b.N)
	restNs := float64(restTime.Nanoseconds()) / float64(b.N)
	b.ReportMetric(gqlNs, "graphql-ns/op")
	b.ReportMetric(restNs, "rest-ns/op")
	b.ReportMetric(100*(restNs-gqlNs)/gqlNs, "rest-overhead-%")
}
