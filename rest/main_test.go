package rest_test

import (
	"log/slog"
	"os"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestMain reports how many responses the tests validated against
// /v1/openapi.json (apptest.Server.Do checks every one), shown with -v.
func TestMain(m *testing.M) {
	code := m.Run()
	if testing.Verbose() {
		slog.Info("openapi: responses validated against /v1/openapi.json", "count", apptest.ValidatedResponses())
	}
	os.Exit(code)
}
