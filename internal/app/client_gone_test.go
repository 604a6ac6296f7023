package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestClientGoneGetsNoAnswer sends requests whose client has already gone (the
// request's context is cancelled, as net/http does when the connection drops)
// to /graphql and to a REST row: the server answers nothing, neither a 500 from
// the executor's empty response nor a 400 made of cancelled statements.
func TestClientGoneGetsNoAnswer(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s := apptest.New(t, d)
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
			for range 3 {
				s.CreateVideo(proj, "", "Intro")
			}
			requests := map[string]func() *http.Request{
				"graphql": func() *http.Request {
					r := httptest.NewRequest("POST", "/graphql", strings.NewReader(
						`{"query": "query($p: ID!) { project(id: $p) { videos(first: 50) { edges { node { id title tags(first: 10) { edges { node { id } } } } } } } }", "variables": {"p": "`+proj+`"}}`))
					r.Header.Set("Content-Type", "application/json")
					return r
				},
				"rest": func() *http.Request { return httptest.NewRequest("GET", "/v1/projects/"+proj+"/videos?limit=50", nil) },
			}
			for name, build := range requests {
				for i := range 20 {
					ctx, cancel := context.WithCancel(context.Background())
					r := build().WithContext(ctx)
					r.Header.Set("Authorization", "Bearer "+s.Token)
					cancel()
					w := httptest.NewRecorder()
					s.App.Handler.ServeHTTP(w, r)
					if w.Code != http.StatusOK || w.Body.Len() != 0 {
						t.Fatalf("%s #%d with the client gone: status %d, body %q; want no answer", name, i, w.Code, w.Body)
					}
				}
			}
		})
	}
}
