package rest_test

import (
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestAdvertisementListIsAnEmptyArray: docs/spec.md 4.6 gives an empty array, not
// null, when a project has no advertisements; an invalid tag URL is a 422.
func TestAdvertisementListIsAnEmptyArray(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
		status, env := s.REST("GET", "/v1/projects/"+proj+"/advertisements", "")
		if status != http.StatusOK || !env.Success || string(env.Result) != "[]" || env.Pagination != nil {
			t.Fatalf("status %d, envelope %+v, result %s", status, env, env.Result)
		}
		status, env = s.REST("POST", "/v1/projects/"+proj+"/advertisements", `{"name": "Bad", "tag_url": "not a url", "placement": "pre_roll"}`)
		if status != http.StatusUnprocessableEntity || env.Success || len(env.Errors) == 0 {
			t.Fatalf("invalid tag URL: status %d, envelope %+v", status, env)
		}
	})
}
