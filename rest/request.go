package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/ast"
)

// requestError is a request refused before any GraphQL runs: 400 or 413, with the
// REST field it concerns.
type requestError struct {
	status  int
	field   string
	message string
}

func (e *requestError) Error() string { return e.message }

func badRequest(field, format string, args ...any) *requestError {
	return &requestError{status: http.StatusBadRequest, field: field, message: fmt.Sprintf(format, args...)}
}

// inputs converts REST input values to GraphQL variables, by the schema's own names.
type inputs struct {
	schema *ast.Schema
	// fields maps, per input object type, each snake_case key to its field.
	fields map[string]map[string]*ast.FieldDefinition
}

func newInputs(schema *ast.Schema) *inputs {
	in := &inputs{schema: schema, fields: map[string]map[string]*ast.FieldDefinition{}}
	for name, def := range schema.Types {
		if def.Kind != ast.InputObject {
			continue
		}
		m := make(map[string]*ast.FieldDefinition, len(def.Fields))
		for _, f := range def.Fields {
			m[snake(f.Name)] = f
		}
		in.fields[name] = m
	}
	return in
}

// requireUUID refuses a value of the named parameter that is not a
// 36-character UUID.
func requireUUID(param, v string) error {
	if len(v) != 36 || uuid.Validate(v) != nil {
		return badRequest(param, "%s must be a 36-character UUID, got %q", param, v)
	}
	return nil
}

// variables builds the operation's variables from the request.
func (h *Handler) variables(r *http.Request, c *compiled) (map[string]any, error) {
	vars := make(map[string]any, len(c.bindings))
	for _, p := range c.params {
		v := chi.URLParam(r, p)
		if c.isUUIDParam(p) {
			if err := requireUUID(p, v); err != nil {
				return nil, err
			}
		}
		vars[p] = v
	}
	query := r.URL.Query()
	for key, values := range query {
		b := c.byKey[fromQuery][key]
		if b == nil {
			continue // unknown query parameters are ignored, as caches and proxies add some
		}
		v, err := h.inputs.fromStrings(values, b.def.Type, key)
		if err != nil {
			return nil, err
		}
		vars[b.def.Variable] = v
	}
	if b := c.byKey[fromQuery]["limit"]; b != nil && b.def.Variable == "first" && query.Get("limit") == "" {
		vars["first"] = defaultLimit
	}
	if c.sort != nil {
		if err := c.sort.fill(query[sortKey], vars); err != nil {
			return nil, err
		}
	}
	if err := fillWhere(h.inputs, c.filters, query, vars); err != nil {
		return nil, err
	}
	if !c.hasBody {
		return vars, nil
	}
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType == "multipart/form-data" {
		return vars, h.multipartVariables(r, c, vars)
	}
	body, err := h.readJSON(r)
	if err != nil {
		return nil, err
	}
	for _, b := range c.bindings {
		if b.source == fromWholeBody {
			v, err := h.inputs.convert(body, b.def.Type, "")
			if err != nil {
				return nil, err
			}
			vars[b.def.Variable] = v
			return vars, nil
		}
	}
	obj, ok := body.(map[string]any)
	if !ok && body != nil {
		return nil, badRequest("", "the body must be a JSON object")
	}
	for key, value := range obj {
		b := c.byKey[fromBody][key]
		if b == nil {
			return nil, badRequest(key, "unknown field %q", key)
		}
		v, err := h.inputs.convert(value, b.def.Type, key)
		if err != nil {
			return nil, err
		}
		vars[b.def.Variable] = v
	}
	return vars, nil
}

// defaultLimit is the page size of a list when the request gives no limit.
const defaultLimit = 50

// readJSON reads a JSON body of at most MaxJSONBody bytes; an empty body is null.
func (h *Handler) readJSON(r *http.Request) (any, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, h.opts.MaxJSONBody+1))
	if err != nil {
		return nil, badRequest("", "could not read the body")
	}
	if int64(len(raw)) > h.opts.MaxJSONBody {
		return nil, &requestError{status: http.StatusRequestEntityTooLarge, message: fmt.Sprintf("the body exceeds %d bytes", h.opts.MaxJSONBody)}
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	if !utf8.Valid(raw) {
		// JSON is UTF-8 (RFC 8259); encoding/json would quietly turn the bad bytes
		// into U+FFFD and store something the client never sent.
		return nil, badRequest("", "malformed JSON: not valid UTF-8 at byte %d", invalidUTF8At(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // as gqlgen's HTTP transports do, so numbers coerce identically
	var body any
	if err := dec.Decode(&body); err != nil {
		return nil, badRequest("", "malformed JSON: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, badRequest("", "malformed JSON: data after the value")
	}
	return body, nil
}

// multipartVariables fills variables from a multipart/form-data body: file parts
// become graphql.Upload values, other parts are read like query parameters.
// The form's files live in the temporary directory (parts over 8 MiB) until
// releaseUploads removes them when the request is done.
func (h *Handler) multipartVariables(r *http.Request, c *compiled, vars map[string]any) error {
	r.Body = http.MaxBytesReader(nil, r.Body, h.opts.MaxUploadSize)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return &requestError{status: http.StatusRequestEntityTooLarge, message: fmt.Sprintf("the body exceeds %d bytes", h.opts.MaxUploadSize)}
		}
		return badRequest("", "malformed multipart body: %v", err)
	}
	for key, values := range r.MultipartForm.Value {
		b := c.byKey[fromBody][key]
		if b == nil {
			return badRequest(key, "unknown field %q", key)
		}
		v, err := h.inputs.fromStrings(values, b.def.Type, key)
		if err != nil {
			return err
		}
		vars[b.def.Variable] = v
	}
	for key, files := range r.MultipartForm.File {
		b := c.byKey[fromBody][key]
		if b == nil || b.def.Type.NamedType != "Upload" {
			return badRequest(key, "unknown file field %q", key)
		}
		if len(files) != 1 {
			return badRequest(key, "%s: send one file", key)
		}
		f, err := files[0].Open()
		if err != nil {
			return badRequest(key, "%s: could not read the file", key)
		}
		vars[b.def.Variable] = graphql.Upload{
			File:        f,
			Filename:    files[0].Filename,
			Size:        files[0].Size,
			ContentType: files[0].Header.Get("Content-Type"),
		}
	}
	return nil
}

// fromStrings reads a query (or form) value of a variable's type; a list takes
// the parameter repeated.
func (in *inputs) fromStrings(values []string, t *ast.Type, field string) (any, error) {
	if t.Elem != nil {
		out := make([]any, len(values))
		for i, v := range values {
			x, err := in.fromString(v, t.Elem, field)
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	}
	return in.fromString(values[len(values)-1], t, field)
}

func (in *inputs) fromString(v string, t *ast.Type, field string) (any, error) {
	switch t.NamedType {
	case "Int":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, badRequest(field, "%s must be an integer", field)
		}
		return n, nil
	case "Float":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, badRequest(field, "%s must be a number", field)
		}
		return f, nil
	case "Boolean":
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, badRequest(field, "%s must be true or false", field)
		}
		return b, nil
	case "ID":
		if v == "" && !t.NonNull {
			return nil, nil
		}
	}
	return v, nil
}

// convert turns a decoded JSON value into a variable value of type t: snake_case keys
// of input objects become the schema's field names, unknown keys and values of the
// wrong JSON kind are refused, JSON-typed scalars pass through untouched, and an
// empty string for a nullable ID is null. field is the REST path of the value, for
// errors.
func (in *inputs) convert(v any, t *ast.Type, field string) (any, error) {
	if v == nil {
		return nil, nil
	}
	if t.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			return nil, badRequest(field, "%s must be a JSON array", describe(field))
		}
		out := make([]any, len(list))
		for i, item := range list {
			x, err := in.convert(item, t.Elem, fmt.Sprintf("%s[%d]", field, i))
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	}
	fields, isInput := in.fields[t.NamedType]
	if !isInput {
		if s, ok := v.(string); ok && s == "" && t.NamedType == "ID" && !t.NonNull {
			return nil, nil
		}
		return v, nil // scalars and enums: the executor checks them
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, badRequest(field, "%s must be a JSON object", describe(field))
	}
	out := make(map[string]any, len(obj))
	for key, value := range obj {
		name := joinField(field, key)
		f := fields[key]
		if f == nil {
			return nil, badRequest(name, "unknown field %q", name)
		}
		x, err := in.convert(value, f.Type, name)
		if err != nil {
			return nil, err
		}
		out[f.Name] = x
	}
	return out, nil
}

func joinField(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

func describe(field string) string {
	if field == "" {
		return "the body"
	}
	return field
}

// restField turns a GraphQL input field or variable name into its REST name.
func restField(name string) string {
	switch name {
	case "first":
		return "limit"
	case "after":
		return "cursor"
	}
	return snake(name)
}

// invalidUTF8At is the offset of the first byte of raw that is not valid UTF-8.
func invalidUTF8At(raw []byte) int {
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(raw)
}
