package rest_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestConcurrentListsKeepTheirOwnAnswers: a REST answer is written from pooled
// buffers (the operation's data and the envelope). Lists of four projects,
// fetched at once and over and over, each answer byte for byte as that
// project's list fetched alone: no buffer goes back to the pool while an
// answer still uses it, and none is shared by two answers.
func TestConcurrentListsKeepTheirOwnAnswers(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Pooled")
		var paths []string
		for p := range 4 {
			proj := s.CreateProject(org, fmt.Sprintf("Pooled %d", p))
			for v := range 12 {
				s.CreateVideo(proj, "", fmt.Sprintf("project %d <video> \"%d\"", p, v))
			}
			paths = append(paths, "/v1/projects/"+proj+"/videos?limit=10")
		}
		get := func(path string) ([]byte, error) {
			req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+s.Token)
			res, err := s.Client.Do(req)
			if err != nil {
				return nil, err
			}
			defer func() { _ = res.Body.Close() }()
			body, err := io.ReadAll(res.Body)
			if err == nil && res.StatusCode != http.StatusOK {
				err = fmt.Errorf("status %d: %s", res.StatusCode, body)
			}
			return body, err
		}
		alone := make([][]byte, len(paths))
		for i, p := range paths {
			body, err := get(p)
			if err != nil {
				t.Fatal(err)
			}
			alone[i] = body
		}
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for g := range 8 {
			wg.Go(func() {
				for n := range 25 {
					i := (g + n) % len(paths)
					body, err := get(paths[i])
					if err == nil && !bytes.Equal(body, alone[i]) {
						err = fmt.Errorf("%s answered, under load:\n%s\nalone:\n%s", paths[i], body, alone[i])
					}
					if err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}
