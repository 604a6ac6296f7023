package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

const nestedQuery = `{
  projects(first: 10) { edges { node { name
    folders(first: 10) { edges { node { name
      videos(first: 10) { totalCount edges { node { title
        tags(first: 10) { edges { node { name } } } } } }
    } } }
  } } }
}`

// statementsForNestedQuery seeds projects x folders x videos (each video with two
// tags) and counts the SQL statements one nested query runs.
func statementsForNestedQuery(t *testing.T, dialect string, n int) (int64, int) {
	db, counter := testdb.OpenCounting(t, dialect)
	// No job workers: a periodic sweep's statements would count as the request's.
	s := apptest.New(t, dialect, apptest.Options{DB: db, Env: map[string]string{"VIDRA_WORKERS": "false"}})
	org := s.CreateOrganization("Acme")
	for p := range n {
		proj := s.CreateProject(org, fmt.Sprintf("project %d", p))
		tags := []string{s.CreateTag(proj, "a"), s.CreateTag(proj, "b")}
		for f := range n {
			folder := s.CreateFolder(proj, "", fmt.Sprintf("folder %d", f))
			for v := range n {
				s.CreateVideo(proj, folder, fmt.Sprintf("video %d", v), tags...)
			}
		}
	}
	var out struct {
		Projects struct {
			Edges []struct {
				Node struct {
					Folders struct {
						Edges []struct {
							Node struct {
								Videos struct {
									Edges []struct {
										Node struct {
											Tags struct{ Edges []struct{} }
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	// The fewest of three runs: the same query runs the same statements, and
	// what a process does in the background (the billing limits' refresh every
	// 10 s, say) can only add to one run's count.
	statements := int64(-1)
	for range 3 {
		counter.Reset()
		s.MustGraphQL(nestedQuery, nil, &out)
		if n := counter.Count(); statements < 0 || n < statements {
			statements = n
		}
	}
	tagEdges := 0
	for _, p := range out.Projects.Edges {
		for _, f := range p.Node.Folders.Edges {
			for _, v := range f.Node.Videos.Edges {
				tagEdges += len(v.Node.Tags.Edges)
			}
		}
	}
	return statements, tagEdges
}

// TestNestedQueryRunsBoundedStatements proves there is no N+1: the nested query runs
// the same number of statements for 2x2x2 rows as for 4x4x4.
func TestNestedQueryRunsBoundedStatements(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			small, smallTags := statementsForNestedQuery(t, d, 2)
			large, largeTags := statementsForNestedQuery(t, d, 4)
			if smallTags != 2*2*2*2 || largeTags != 4*4*4*2 {
				t.Fatalf("tag edges = %d and %d, want 16 and 128: the query did not load everything", smallTags, largeTags)
			}
			if small != large {
				t.Fatalf("statements grew with the data: %d for 2x2x2, %d for 4x4x4", small, large)
			}
			if large > 10 {
				t.Fatalf("%d statements for one nested query, want at most 10", large)
			}
			t.Logf("%d statements for both sizes", large)
		})
	}
}
