package apptest

import (
	"io"
	"net/http"
)

// PostBody sends a POST of body, as it is, to a path of the server and returns
// the status and the response body.
func (s *Server) PostBody(path, contentType string, body io.Reader) (int, []byte) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.URL+path, body)
	req.Header.Set("Content-Type", contentType)
	s.authorize(req)
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("POST %s: %v", path, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, raw
}
