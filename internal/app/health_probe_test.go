package app_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// healthReport is the body of /health, /health/live and /health/ready.
type healthReport struct {
	Success bool
	Message string
	Result  struct {
		Ok     bool
		Checks []struct {
			Name string
			Ok   bool
		}
	}
}

// getHealth reads one health endpoint: its status, message and the checks it ran
// with their outcome ("name" or "name!" when it failed).
func getHealth(t *testing.T, s *apptest.Server, path string) (int, string, string) {
	t.Helper()
	status, body := s.Get(path)
	var h healthReport
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatalf("GET %s = %d %s", path, status, body)
	}
	names := []string{}
	for _, c := range h.Result.Checks {
		if c.Ok {
			names = append(names, c.Name)
		} else {
			names = append(names, c.Name+"!")
		}
	}
	return status, h.Message, strings.Join(names, ",")
}

// TestHealthProbesFitTheProcessRole checks the liveness and readiness probes: an
// API replica (VIDRA_WORKERS=false) is ready without ffmpeg, a process that runs
// media jobs is not, and /health keeps reporting every check.
func TestHealthProbesFitTheProcessRole(t *testing.T) {
	d := testdb.Dialects(t)[0]
	for _, tc := range []struct {
		name, workers, ffmpeg  string
		readyStatus            int
		readyChecks, allChecks string
		healthStatus           int
	}{
		{"worker with ffmpeg", "true", "", 200, "database,storage,queue,ffmpeg", "database,storage,queue,ffmpeg", 200},
		{"worker without ffmpeg", "true", "/nonexistent/ffmpeg", 503, "database,storage,queue,ffmpeg!", "database,storage,queue,ffmpeg!", 503},
		{"API replica without ffmpeg", "false", "/nonexistent/ffmpeg", 200, "database,storage,queue", "database,storage,queue,ffmpeg!", 503},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{"VIDRA_WORKERS": tc.workers}
			if tc.ffmpeg != "" {
				env["VIDRA_FFMPEG"] = tc.ffmpeg
			}
			s := apptest.New(t, d, apptest.Options{Env: env, Anonymous: true})
			if status, message, checks := getHealth(t, s, "/health/live"); status != 200 || message != "live" || checks != "" {
				t.Errorf("GET /health/live = %d %q %q", status, message, checks)
			}
			status, _, checks := getHealth(t, s, "/health/ready")
			if status != tc.readyStatus || checks != tc.readyChecks {
				t.Errorf("GET /health/ready = %d %q, want %d %q", status, checks, tc.readyStatus, tc.readyChecks)
			}
			status, _, checks = getHealth(t, s, "/health")
			if status != tc.healthStatus || checks != tc.allChecks {
				t.Errorf("GET /health = %d %q, want %d %q", status, checks, tc.healthStatus, tc.allChecks)
			}
		})
	}
	t.Run("database gone", func(t *testing.T) {
		s := apptest.New(t, d, apptest.Options{Anonymous: true})
		if err := s.App.DB.Close(); err != nil {
			t.Fatal(err)
		}
		if status, _, checks := getHealth(t, s, "/health/ready"); status != 503 || !strings.HasPrefix(checks, "database!") {
			t.Errorf("GET /health/ready with the database closed = %d %q", status, checks)
		}
		if status, _, _ := getHealth(t, s, "/health/live"); status != 200 {
			t.Errorf("GET /health/live with the database closed = %d, want 200", status)
		}
	})
}
