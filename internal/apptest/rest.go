package apptest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// Envelope is a decoded REST response envelope (docs/ROUTES.md), with its raw keys for
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
	status, _, raw := s.Do(req)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		s.t.Fatalf("%s %s: status %d, not an envelope: %q", method, path, status, raw)
	}
	_ = json.Unmarshal(raw, &env.Keys)
	return status, env
}

// Do sends req as it is (no credential added) and returns the response's status,
// header and body, after validating the response against the server's OpenAPI
// document: a response the document does not declare fails the test.
func (s *Server) Do(req *http.Request) (int, http.Header, []byte) {
	s.t.Helper()
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		s.t.Fatalf("%s %s: reading the response: %v", req.Method, req.URL.Path, err)
	}
	if err := s.OpenAPI().ValidateResponse(req, res.StatusCode, res.Header, raw); err != nil {
		s.t.Error(err)
	}
	return res.StatusCode, res.Header, raw
}
