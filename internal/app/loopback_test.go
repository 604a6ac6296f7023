package app_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// newLoopback serves h on a loopback port for the test and returns its URL.
func newLoopback(t testing.TB, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}
