package apptest

import (
	"net/http"
	"testing"
	"time"
)

// Remote is a client of a Vidra server running in another process (a test
// that starts, kills and restarts the real server), with the same helpers as
// a Server from New; its App is nil. Requests time out after 30 s.
func Remote(t testing.TB, url string) *Server {
	return &Server{URL: url, Client: &http.Client{Timeout: 30 * time.Second}, t: t}
}
