package apptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
)

// File is a file sent with GraphQLUpload for the variable Var (e.g. "file").
type File struct {
	Var     string
	Name    string
	Content []byte
}

// GraphQLUpload posts an operation with files as a multipart request (the GraphQL
// multipart request spec): each file fills the variable it names.
func (s *Server) GraphQLUpload(query string, vars map[string]any, files ...File) GraphQLResponse {
	s.t.Helper()
	if vars == nil {
		vars = map[string]any{}
	}
	fileMap := map[string][]string{}
	for i, f := range files {
		vars[f.Var] = nil
		fileMap[fmt.Sprint(i)] = []string{"variables." + f.Var}
	}
	ops, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	mapping, _ := json.Marshal(fileMap)
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("operations", string(ops))
	_ = w.WriteField("map", string(mapping))
	for i, f := range files {
		part, _ := w.CreateFormFile(fmt.Sprint(i), f.Name)
		_, _ = part.Write(f.Content)
	}
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	s.authorize(req)
	res, err := s.Client.Do(req)
	if err != nil {
		s.t.Fatalf("POST /graphql (multipart): %v", err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	var out GraphQLResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		s.t.Fatalf("POST /graphql (multipart): status %d, undecodable body %q: %v", res.StatusCode, raw, err)
	}
	return out
}

// MustGraphQLUpload runs an upload that must succeed and decodes its data into out.
func (s *Server) MustGraphQLUpload(query string, vars map[string]any, out any, files ...File) {
	s.t.Helper()
	res := s.GraphQLUpload(query, vars, files...)
	if len(res.Errors) > 0 {
		s.t.Fatalf("GraphQL errors: %+v\nquery: %s", res.Errors, query)
	}
	if out != nil {
		if err := json.Unmarshal(res.Data, out); err != nil {
			s.t.Fatalf("decode data %s: %v", res.Data, err)
		}
	}
}
