package billing

import (
	"errors"
	"fmt"
)

// Error kinds of billing refusals; the GraphQL layer maps each to its own kind
// of the same name (graph/errors.go).
const (
	KindInvalidInput    = "INVALID_INPUT"
	KindNotFound        = "NOT_FOUND"
	KindConflict        = "CONFLICT"
	KindPaymentRequired = "PAYMENT_REQUIRED"
)

// Error is a refusal of a billing operation: nothing was changed.
type Error struct {
	Kind    string
	Message string
	// Field names the input at fault (INVALID_INPUT).
	Field string
}

// Error implements error.
func (e *Error) Error() string { return e.Message }

func refuse(kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

func invalid(field, format string, args ...any) *Error {
	return &Error{Kind: KindInvalidInput, Field: field, Message: fmt.Sprintf(format, args...)}
}

// AsError returns the *Error in err's chain; a *TransitionError is a CONFLICT.
func AsError(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	var te *TransitionError
	if errors.As(err, &te) {
		return &Error{Kind: KindConflict, Message: te.Error()}, true
	}
	return nil, false
}
