package apptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// OpenAPI is the server's OpenAPI document (/v1/openapi.json) ready to validate
// responses: every response a test receives through Server.Do (and so Server.REST)
// must be one the document declares for its method, path and status.
type OpenAPI struct {
	doc    *openapi3.T
	router routers.Router
	// failure is the failure envelope, for responses to paths the document does
	// not list (an unknown route answers 404, 405 or 401 with it).
	failure *openapi3.Schema
	// validated counts the responses checked, for the tests' report.
	validated atomic.Int64
}

// sharedOpenAPI is the document of the first server that asked for it: every
// server of a test process serves the same route table, so it is loaded once.
var sharedOpenAPI struct {
	once sync.Once
	api  *OpenAPI
	err  error
}

// OpenAPI loads the document from the server's /v1/openapi.json over HTTP the
// first time a test process needs it, and returns the shared one afterwards.
func (s *Server) OpenAPI() *OpenAPI {
	s.t.Helper()
	sharedOpenAPI.once.Do(func() {
		sharedOpenAPI.api, sharedOpenAPI.err = s.loadOpenAPI()
	})
	if sharedOpenAPI.err != nil {
		s.t.Fatalf("loading /v1/openapi.json: %v", sharedOpenAPI.err)
	}
	return sharedOpenAPI.api
}

// loadOpenAPI fetches and parses the document and builds its router.
func (s *Server) loadOpenAPI() (*OpenAPI, error) {
	res, err := s.Client.Get(s.URL + "/v1/openapi.json")
	if err != nil {
		return nil, err
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", res.StatusCode, raw)
	}
	return ParseOpenAPI(raw)
}

// ParseOpenAPI reads an OpenAPI document (JSON) and prepares it for validation.
func ParseOpenAPI(raw []byte) (*OpenAPI, error) {
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		return nil, err
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	failure := doc.Components.Schemas["Failure"]
	if failure == nil || failure.Value == nil {
		return nil, errors.New("components.schemas.Failure is not declared")
	}
	return &OpenAPI{doc: doc, router: router, failure: failure.Value}, nil
}

// Validated is how many responses have been validated against the document.
func (o *OpenAPI) Validated() int64 { return o.validated.Load() }

// ValidatedResponses is how many responses this test process has validated
// against the shared document (none before a server loaded it).
func ValidatedResponses() int64 {
	if sharedOpenAPI.api == nil {
		return 0
	}
	return sharedOpenAPI.api.Validated()
}

// ValidateResponse checks one response to req against the document: its status
// must be declared for the operation, its content type and its body must match
// the schema declared for that status. A request to a path the document does not
// list must have been answered 404, 405 or 401 with the failure envelope.
func (o *OpenAPI) ValidateResponse(req *http.Request, status int, header http.Header, body []byte) error {
	o.validated.Add(1)
	route, params, err := o.router.FindRoute(req)
	if err != nil {
		return o.validateUnrouted(req, status, header, body)
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 status,
		Header:                 header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	input.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		return fmt.Errorf("%s %s (%s) answered %d, not as declared: %w", req.Method, req.URL.Path, route.Path, status, err)
	}
	return nil
}

// validateUnrouted checks the answer to a path the document does not list.
func (o *OpenAPI) validateUnrouted(req *http.Request, status int, header http.Header, body []byte) error {
	where := req.Method + " " + req.URL.Path
	// 401: the admin host checks its key before it routes (an unknown admin path
	// without the key is refused, not reported missing).
	adminKeyFirst := status == http.StatusUnauthorized && strings.HasPrefix(req.URL.Path, "/v1/admin/")
	if status != http.StatusNotFound && status != http.StatusMethodNotAllowed && !adminKeyFirst {
		return fmt.Errorf("%s is not in the document but answered %d", where, status)
	}
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("%s answered %d with content type %q, want application/json", where, status, ct)
	}
	var value any
	if err := json.Unmarshal(body, &value); err != nil {
		return fmt.Errorf("%s answered %d with a body that is not JSON: %w", where, status, err)
	}
	if err := o.failure.VisitJSON(value, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors()); err != nil {
		return fmt.Errorf("%s answered %d with a body that is not the failure envelope: %w", where, status, err)
	}
	return nil
}
