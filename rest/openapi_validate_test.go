package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestOpenAPIValidationRejects feeds wrong responses through the validation every
// REST response of the tests goes through (apptest.Server.Do), and wants each
// refused: the check that keeps the document and the server together can fail.
func TestOpenAPIValidationRejects(t *testing.T) {
	s := apptest.New(t, "sqlite3")
	api := s.OpenAPI()
	json := http.Header{"Content-Type": {"application/json"}}
	jsonUTF8 := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	project := "/v1/projects/" + uuid.NewString()
	okProject := `{"success": true, "message": "Project fetched", "result": {"id": "` + uuid.NewString() + `", "name": "Docs"}}`
	notFound := `{"success": false, "message": "project not found", "result": null, "errors": [{"field": null, "message": "project not found"}]}`
	for _, c := range []struct {
		name, method, path string
		status             int
		header             http.Header
		body               string
		wantErr            bool
	}{
		{name: "admin listing with its declared data key", method: "GET", path: "/v1/admin/organizations", status: 200, header: json,
			body: `{"success": true, "message": "Organizations fetched", "data": []}`},
		{name: "admin listing answering result instead of data", method: "GET", path: "/v1/admin/organizations", status: 200, header: json,
			body: `{"success": true, "message": "Organizations fetched", "result": []}`, wantErr: true},
		{name: "declared 404", method: "GET", path: project, status: 404, header: json, body: notFound},
		{name: "declared 404 with a charset", method: "GET", path: project, status: 404, header: jsonUTF8, body: notFound},
		{name: "failure with a charset and a result", method: "GET", path: project, status: 404, header: jsonUTF8,
			body: strings.Replace(notFound, `"result": null`, `"result": []`, 1), wantErr: true},
		{name: "failure with a key it does not declare", method: "GET", path: project, status: 404, header: json,
			body: strings.Replace(notFound, `"errors"`, `"data": null, "errors"`, 1), wantErr: true},
		{name: "success envelope with success false", method: "GET", path: project, status: 200, header: json,
			body: strings.Replace(okProject, "true", "false", 1), wantErr: true},
		{name: "failure without success", method: "GET", path: project, status: 404, header: json,
			body: `{"message": "project not found", "result": null, "errors": []}`, wantErr: true},
		{name: "failure claiming success", method: "GET", path: project, status: 404, header: json,
			body: strings.Replace(notFound, "false", "true", 1), wantErr: true},
		{name: "failure with a result", method: "GET", path: project, status: 404, header: json,
			body: strings.Replace(notFound, `"result": null`, `"result": {}`, 1), wantErr: true},
		{name: "failure without an error entry", method: "GET", path: project, status: 404, header: json,
			body: `{"success": false, "message": "project not found", "result": null, "errors": []}`, wantErr: true},
		{name: "error field of the wrong type", method: "GET", path: project, status: 400, header: json,
			body: `{"success": false, "message": "bad", "result": null, "errors": [{"field": 1, "message": "m"}]}`, wantErr: true},
		{name: "success message of the wrong type", method: "GET", path: project, status: 200, header: json,
			body: strings.Replace(okProject, `"Project fetched"`, `7`, 1), wantErr: true},
		{name: "result without a required field", method: "GET", path: project, status: 200, header: json,
			body: `{"success": true, "message": "Project fetched", "result": {"name": "Docs"}}`, wantErr: true},
		{name: "rate limited with Retry-After", method: "GET", path: project, status: 429,
			header: http.Header{"Content-Type": {"application/json"}, "Retry-After": {"30"}}, body: notFound},
		{name: "rate limited without Retry-After", method: "GET", path: project, status: 429, header: json, body: notFound, wantErr: true},
		{name: "status the operation does not declare", method: "GET", path: project, status: 418, header: json, body: notFound, wantErr: true},
		{name: "wrong content type", method: "GET", path: project, status: 404, header: http.Header{"Content-Type": {"text/plain"}}, body: notFound, wantErr: true},
		{name: "body that is not JSON", method: "GET", path: project, status: 404, header: json, body: `{"success": fal`, wantErr: true},
		{name: "unknown route with the failure envelope", method: "GET", path: "/v1/no-such-route", status: 404, header: json, body: notFound},
		{name: "unknown admin route refused for want of the admin key", method: "GET", path: "/v1/admin/anything", status: 401, header: json, body: notFound},
		{name: "unknown route answering 200", method: "GET", path: "/v1/no-such-route", status: 200, header: json, body: notFound, wantErr: true},
		{name: "unknown route without the envelope", method: "GET", path: "/v1/no-such-route", status: 404, header: json, body: `{"error": "nope"}`, wantErr: true},
	} {
		req, _ := http.NewRequest(c.method, s.URL+c.path, nil)
		err := api.ValidateResponse(req, c.status, c.header, []byte(c.body))
		if c.wantErr && err == nil {
			t.Errorf("%s: accepted", c.name)
		}
		if !c.wantErr && err != nil {
			t.Errorf("%s: refused: %v", c.name, err)
		}
	}
}
