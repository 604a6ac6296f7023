// Package fault holds the errors every layer of Vidra speaks: a Kind (the class a
// client sees in extensions.code and the REST status it maps to), a message safe to
// show, the input field it concerns, and Classify, which turns any error (ent's,
// tenancy's, PostgreSQL's) into one. Domain packages under internal/ return these;
// graph presents them and rest maps their kinds to HTTP statuses (docs/ROUTES.md).
package fault

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/privacy"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Kind is the class of an error, carried to GraphQL clients in extensions.code and
// mapped to an HTTP status by the REST layer.
type Kind string

// The error kinds of Vidra. Every error a client sees has exactly one.
const (
	KindBadRequest      Kind = "BAD_REQUEST"      // malformed request: syntax, wrong types
	KindInvalidInput    Kind = "INVALID_INPUT"    // well-formed, but a value breaks a rule
	KindUnauthenticated Kind = "UNAUTHENTICATED"  // no or bad credential
	KindForbidden       Kind = "FORBIDDEN"        // credential lacks the right
	KindNotFound        Kind = "NOT_FOUND"        // no such entity (or not visible)
	KindConflict        Kind = "CONFLICT"         // clashes with the current state
	KindTooLarge        Kind = "TOO_LARGE"        // body or file over its limit
	KindRateLimited     Kind = "RATE_LIMITED"     // too many requests
	KindPaymentRequired Kind = "PAYMENT_REQUIRED" // a billing limit is reached or payment is owed
	KindCursorExpired   Kind = "CURSOR_EXPIRED"   // a subscription's resume point is older than the change log keeps
	KindInternal        Kind = "INTERNAL"         // our fault; details only in the log
)

// Error is a classified error: a kind, a message safe to show, and the input field
// it concerns when there is one.
type Error struct {
	Kind    Kind
	Message string
	Field   string
	// RetryAfter is the wait in seconds of a RATE_LIMITED error (extensions.retryAfter).
	RetryAfter int
	cause      error
}

// Error implements error.
func (e *Error) Error() string { return e.Message }

// Unwrap returns the underlying cause, if any.
func (e *Error) Unwrap() error { return e.cause }

// Wrap makes a classified error with a message safe to show over cause, which
// stays in the log only.
func Wrap(kind Kind, message string, cause error) *Error {
	return &Error{Kind: kind, Message: message, cause: cause}
}

// Errorf makes a classified error with a formatted message.
func Errorf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// FieldError makes an INVALID_INPUT error about one input field.
func FieldError(field, format string, args ...any) *Error {
	return &Error{Kind: KindInvalidInput, Field: field, Message: fmt.Sprintf(format, args...)}
}

// NotFound makes a NOT_FOUND error for an entity kind, e.g. NotFound("project").
func NotFound(entity string) *Error {
	return &Error{Kind: KindNotFound, Message: entity + " not found"}
}

// Classify turns any error into a classified one: ent's not-found, validation and
// constraint errors and privacy denials get their kinds; anything unknown is INTERNAL.
func Classify(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var nf *ent.NotFoundError
	var ve *ent.ValidationError
	var ce *ent.ConstraintError
	var tnf *tenancy.NotFoundError
	var td *tenancy.DeniedError
	switch {
	case errors.As(err, &tnf):
		return &Error{Kind: KindNotFound, Message: tnf.Error(), cause: err}
	case errors.As(err, &td):
		return &Error{Kind: KindForbidden, Message: td.Message, cause: err}
	case errors.As(err, &nf):
		return &Error{Kind: KindNotFound, Message: strings.TrimPrefix(nf.Error(), "ent: "), cause: err}
	case errors.As(err, &ve):
		field := graphQLFieldName(ve.Name)
		return &Error{Kind: KindInvalidInput, Field: field, Message: field + ": " + validationMessage(ve), cause: err}
	case errors.As(err, &ce):
		if isForeignKeyViolation(ce) {
			return &Error{Kind: KindInvalidInput, Message: "a referenced entity does not exist", cause: err}
		}
		return &Error{Kind: KindConflict, Message: "already exists", cause: err}
	case errors.Is(err, privacy.Deny):
		return &Error{Kind: KindForbidden, Message: "not allowed", cause: err}
	case errors.Is(err, context.Canceled), isPostgresError(err, "57014"):
		return &Error{Kind: KindBadRequest, Message: "request canceled", cause: err}
	case isPostgresError(err, "22"):
		// A data exception: a value PostgreSQL cannot compare with its column,
		// such as a cursor made under another orderBy.
		return &Error{Kind: KindBadRequest, Message: "a value does not fit the field it is compared with (a cursor from another orderBy?)", cause: err}
	}
	return &Error{Kind: KindInternal, Message: "internal error", cause: err}
}

// isPostgresError reports whether err is a PostgreSQL error whose SQLSTATE is
// code, or whose class is code when code has two characters.
func isPostgresError(err error, code string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) {
		return false
	}
	if len(code) == 2 {
		return string(pqErr.Code.Class()) == code
	}
	return string(pqErr.Code) == code
}

// KindOf is the kind of any error.
func KindOf(err error) Kind { return Classify(err).Kind }

// validationMessage keeps the rule that failed from ent's `ent: validator failed for
// field "Video.title": value is less than the required length`.
func validationMessage(ve *ent.ValidationError) string {
	msg := ve.Error()
	if i := strings.LastIndex(msg, "\": "); i >= 0 {
		return msg[i+3:]
	}
	return strings.TrimPrefix(msg, "ent: ")
}

// graphQLFieldName turns an ent field name (folder_id) into the name clients use in
// GraphQL inputs (folderID), the way entgql names them.
func graphQLFieldName(name string) string {
	parts := strings.Split(name, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] == "id" {
			parts[i] = "ID"
		} else if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// isForeignKeyViolation tells a missing referenced row from a duplicate, on both databases.
func isForeignKeyViolation(ce *ent.ConstraintError) bool {
	msg := strings.ToLower(ce.Error())
	return strings.Contains(msg, "foreign key")
}
