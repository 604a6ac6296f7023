package rest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// statusOf maps an error kind (extensions.code) to its HTTP status: the one place
// where GraphQL's error vocabulary meets HTTP's (docs/ROUTES.md).
func statusOf(code string) int {
	switch code {
	case "BAD_REQUEST", "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED":
		return http.StatusBadRequest
	case "INVALID_INPUT", "PAGE_SIZE_INVALID", "COMPLEXITY_LIMIT_EXCEEDED", "DEPTH_LIMIT_EXCEEDED":
		return http.StatusUnprocessableEntity
	case "UNAUTHENTICATED":
		return http.StatusUnauthorized
	case "FORBIDDEN":
		return http.StatusForbidden
	case "NOT_FOUND":
		return http.StatusNotFound
	case "CONFLICT":
		return http.StatusConflict
	case "TOO_LARGE":
		return http.StatusRequestEntityTooLarge
	case "RATE_LIMITED":
		return http.StatusTooManyRequests
	case "PAYMENT_REQUIRED":
		return http.StatusPaymentRequired
	case "CURSOR_EXPIRED":
		return http.StatusGone
	}
	return http.StatusInternalServerError
}

// defaultRetryAfter is the Retry-After of a 429 whose error names no delay
// (extensions.retryAfter, in seconds).
const defaultRetryAfter = "60"

// fieldError is one entry of the failure envelope's errors.
type fieldError struct {
	Field   *string `json:"field"`
	Message string  `json:"message"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// writeFailure writes the failure envelope.
func writeFailure(w http.ResponseWriter, status int, message string, errs []fieldError) {
	if errs == nil {
		errs = []fieldError{{Message: message}}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Success bool         `json:"success"`
		Message string       `json:"message"`
		Result  any          `json:"result"`
		Errors  []fieldError `json:"errors"`
	}{false, message, nil, errs})
}

// writeGraphQLErrors answers a failed operation: the first error's kind sets the
// status, and each error becomes an entry naming its REST field when it has one.
func writeGraphQLErrors(w http.ResponseWriter, c *compiled, resp *graphql.Response) {
	first := resp.Errors[0]
	code, _ := first.Extensions["code"].(string)
	status := statusOf(code)
	if field, _ := first.Extensions["field"].(string); code == "INVALID_INPUT" && c.fromParam[field] != "" {
		// The value came from the path, already checked to be a UUID: it names
		// nothing that exists.
		status = http.StatusNotFound
	}
	if status == http.StatusTooManyRequests {
		retry := defaultRetryAfter
		if v, ok := first.Extensions["retryAfter"]; ok {
			retry = fmt.Sprint(v)
		}
		w.Header().Set("Retry-After", retry)
	}
	errs := make([]fieldError, 0, len(resp.Errors))
	for _, e := range resp.Errors {
		field, _ := e.Extensions["field"].(string)
		if p := c.fromParam[field]; p != "" {
			field = p
		} else if field != "" {
			field = restField(field)
		} else {
			field = variableField(c, e.Path)
		}
		errs = append(errs, fieldError{Field: optional(field), Message: e.Message})
	}
	writeFailure(w, status, first.Message, errs)
}

// variableField names the REST field of an error about a variable's value, whose
// path is ["variable", name, field, ...].
func variableField(c *compiled, path ast.Path) string {
	if len(path) < 2 || path[0] != ast.PathName("variable") {
		return ""
	}
	name, _ := path[1].(ast.PathName)
	switch {
	case c.sort != nil && string(name) == c.sort.variable:
		return sortKey
	case c.filters != nil && string(name) == whereVariable:
		return filterOf(c.filters, path[2:])
	}
	var parts []string
	for _, b := range c.bindings {
		if b.def.Variable == string(name) && b.source != fromWholeBody {
			parts = append(parts, b.key)
		}
	}
	for _, el := range path[2:] {
		switch el := el.(type) {
		case ast.PathName:
			parts = append(parts, snake(string(el)))
		case ast.PathIndex:
			if len(parts) == 0 {
				parts = append(parts, "")
			}
			parts[len(parts)-1] += fmt.Sprintf("[%d]", int(el))
		}
	}
	return strings.Join(parts, ".")
}
