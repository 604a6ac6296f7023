package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestHealthWelcomeRegionsAndMetrics(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_REGIONS": "eu:Europe,us:United States", "VIDRA_ADMIN_API_KEY": "admin-key"}})

			status, body := s.Get("/health")
			var health struct {
				Success bool
				Result  struct {
					Ok     bool
					Checks []struct {
						Name string
						Ok   bool
					}
				}
			}
			if err := json.Unmarshal(body, &health); err != nil || status != 200 || !health.Result.Ok {
				t.Fatalf("GET /health = %d %s", status, body)
			}
			names := []string{}
			for _, c := range health.Result.Checks {
				names = append(names, c.Name)
			}
			if strings.Join(names, ",") != "database,storage,queue,ffmpeg" {
				t.Fatalf("checks = %v", names)
			}

			status, body = s.Get("/v1/")
			if status != 200 || !strings.Contains(string(body), `"name":"vidra"`) || !strings.Contains(string(body), `"success":true`) {
				t.Fatalf("GET /v1/ = %d %s", status, body)
			}
			status, body = s.Get("/v1/regions")
			if status != 200 || !strings.Contains(string(body), `{"id":"eu","name":"Europe","default":true}`) {
				t.Fatalf("GET /v1/regions = %d %s", status, body)
			}

			req, _ := http.NewRequest(http.MethodGet, s.URL+"/metrics", nil)
			req.Header.Set("X-API-Key", "admin-key")
			res, err := s.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(res.Body)
			_ = res.Body.Close()
			if status = res.StatusCode; status != 200 || !strings.Contains(string(body), `vidra_http_requests_total{method="GET",route="/v1/regions",status="200"} 1`) {
				t.Fatalf("metrics lack the regions request:\n%s", body)
			}
		})
	}
}

func TestHealthFailsWhenTheDatabaseIsGone(t *testing.T) {
	s := apptest.New(t, testdb.Dialects(t)[0])
	if err := s.App.DB.Close(); err != nil {
		t.Fatal(err)
	}
	status, body := s.Get("/health")
	if status != 503 || !strings.Contains(string(body), `"name":"database","ok":false`) {
		t.Fatalf("GET /health with the database closed = %d %s", status, body)
	}
}
