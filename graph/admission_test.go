package graph_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestOperationsWaitForAnAdmissionSlot: with one slot (VIDRA_API_CONCURRENCY=1)
// held, a GraphQL query and a REST call (the REST layer's own executor) both
// wait for it; once it is released both answer. With a short queue wait, an
// operation runs anyway while the slot stays held.
func TestOperationsWaitForAnAdmissionSlot(t *testing.T) {
	for _, wait := range []string{"1m", "100ms"} {
		t.Run("wait "+wait, func(t *testing.T) {
			s := apptest.New(t, dialect.SQLite, apptest.Options{Env: map[string]string{
				"VIDRA_WORKERS": "false", "VIDRA_API_CONCURRENCY": "1", "VIDRA_API_QUEUE_WAIT": wait}})
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Films")
			release := s.App.Resolver.HoldAdmissionSlot()
			defer func() {
				if release != nil {
					release()
				}
			}()

			answers := make(chan string, 2)
			send := func(name string, req *http.Request) {
				req.Header.Set("Authorization", "Bearer "+s.Token)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					answers <- fmt.Sprintf("%s: %v", name, err)
					return
				}
				_ = res.Body.Close()
				answers <- fmt.Sprintf("%s: %d", name, res.StatusCode)
			}
			body, _ := json.Marshal(map[string]any{"query": `query($p: ID!) { project(id: $p) { name } }`, "variables": map[string]any{"p": proj}})
			gql, _ := http.NewRequest("POST", s.URL+"/graphql", bytes.NewReader(body))
			gql.Header.Set("Content-Type", "application/json")
			rest, _ := http.NewRequest("GET", s.URL+"/v1/projects/"+proj, nil)
			go send("graphql", gql)
			go send("rest", rest)

			if wait == "1m" {
				select {
				case a := <-answers:
					t.Fatalf("%s answered while the only slot was held", a)
				case <-time.After(300 * time.Millisecond):
				}
				release()
				release = nil
			}
			got := map[string]bool{}
			for range 2 {
				select {
				case a := <-answers:
					got[a] = true
				case <-time.After(20 * time.Second):
					t.Fatalf("no answer (got %v)", got)
				}
			}
			if !got["graphql: 200"] || !got["rest: 200"] {
				t.Fatalf("answers %v, want 200 from both", got)
			}
		})
	}
}
