package rest

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestMultipartFillsUploadVariables: no operation takes an Upload yet, so the
// mechanism is checked on a hand-bound route: a file part becomes a graphql.Upload
// of its variable, other parts fill theirs like query parameters, and a body over
// the upload limit is a 413.
func TestMultipartFillsUploadVariables(t *testing.T) {
	file := &binding{def: &ast.VariableDefinition{Variable: "file", Type: ast.NonNullNamedType("Upload", nil)}, source: fromBody, key: "file"}
	title := &binding{def: &ast.VariableDefinition{Variable: "title", Type: ast.NamedType("String", nil)}, source: fromBody, key: "title"}
	c := &compiled{hasBody: true, bindings: []*binding{file, title},
		byKey: map[source]map[string]*binding{fromQuery: {}, fromBody: {"file": file, "title": title}}}
	h := &Handler{inputs: &inputs{fields: map[string]map[string]*ast.FieldDefinition{}}, opts: Options{MaxJSONBody: 1 << 20, MaxUploadSize: 1 << 20}}

	request := func(size int) *httptest.ResponseRecorder {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("title", "Logo")
		part, _ := mw.CreateFormFile("file", "logo.png")
		_, _ = part.Write(bytes.Repeat([]byte("p"), size))
		_ = mw.Close()
		r := httptest.NewRequest("PUT", "/x", &body)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		vars, err := h.variables(r, c)
		rec := httptest.NewRecorder()
		if err != nil {
			rec.Code = err.(*requestError).status
			return rec
		}
		up, ok := vars["file"].(graphql.Upload)
		if !ok || up.Filename != "logo.png" || up.Size != int64(size) || vars["title"] != "Logo" {
			t.Fatalf("variables = %+v", vars)
		}
		content, _ := io.ReadAll(up.File)
		if len(content) != size {
			t.Fatalf("read %d bytes of the upload, want %d", len(content), size)
		}
		rec.Code = 200
		return rec
	}
	if rec := request(1000); rec.Code != 200 {
		t.Errorf("small upload: %d", rec.Code)
	}
	if rec := request(2 << 20); rec.Code != 413 {
		t.Errorf("upload over the limit: %d, want 413", rec.Code)
	}
}
