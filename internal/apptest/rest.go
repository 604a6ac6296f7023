package apptest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// Envelope is a decoded REST response envelope (ROUTES.md), with its raw keys for
// checking its exact shape.
type Envelope struct {
	Success    bool            `json:"success"`
	Message    string          `json:"message"`
	Result     json.RawMessage `json:"result"`
	Pagination *struct {
		NextCursor *string `json:"next_cursor"`
		HasMore    bool    `json:"has_more"`
	} `json:"pagination"`
	Errors []struct {
		Field   *string `json:"field"`
		Message string  `json:"message"`
	} `json:"errors"`
	// Keys are the envelope's top-level keys.
	Keys map[string]json.RawMessage `json:"-"`
}

// REST sends a request to a path of the server with a raw body (none when empty)
// and decodes the envelope; a response that is not an envelope fails the test.
func (s *Server) REST(method, path, body string, headers ...http.Header) (int, Envelope) {
	s.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = bytes.NewReader([]byte(body))
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	s.authorize(req)
	for _, h := range headers {
		for k, v := range h {
			req.Header[k] = v
		}
	}
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		s.t.Fatalf("%s %s: status %d, not an envelope: %q", method, path, res.StatusCode, raw)
	}
	_ = json.Unmarshal(raw, &env.Keys)
	return res.StatusCode, env
}
