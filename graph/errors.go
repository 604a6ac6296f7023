package graph

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/vidra-dev/vidra/internal/fault"
)

// Kind is the class of an error (fault.Kind), carried to GraphQL clients in
// extensions.code and mapped to an HTTP status by the REST layer.
type Kind = fault.Kind

// The error kinds of Vidra (fault's), named here for the adapters.
const (
	KindBadRequest      = fault.KindBadRequest
	KindInvalidInput    = fault.KindInvalidInput
	KindUnauthenticated = fault.KindUnauthenticated
	KindForbidden       = fault.KindForbidden
	KindNotFound        = fault.KindNotFound
	KindConflict        = fault.KindConflict
	KindTooLarge        = fault.KindTooLarge
	KindRateLimited     = fault.KindRateLimited
	KindPaymentRequired = fault.KindPaymentRequired
	KindCursorExpired   = fault.KindCursorExpired
	KindInternal        = fault.KindInternal
)

// Error is a classified error (fault.Error).
type Error = fault.Error

// Errorf makes a classified error with a formatted message (fault.Errorf).
func Errorf(kind Kind, format string, args ...any) *Error { return fault.Errorf(kind, format, args...) }

// FieldError makes an INVALID_INPUT error about one input field (fault.FieldError).
func FieldError(field, format string, args ...any) *Error {
	return fault.FieldError(field, format, args...)
}

// NotFound makes a NOT_FOUND error for an entity kind (fault.NotFound).
func NotFound(entity string) *Error { return fault.NotFound(entity) }

// Classify turns any error into a classified one (fault.Classify).
func Classify(err error) *Error { return fault.Classify(err) }

// errorKind is the kind of any error.
func errorKind(err error) Kind { return fault.KindOf(err) }

// classifyResolverErrors is a field middleware: every error a resolver returns is
// classified here, so the presenter can tell a resolver's failure (classified) from
// a request the executor refused before any resolver ran (argument coercion).
func classifyResolverErrors(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && !fc.IsResolver && !fc.IsMethod {
		return next(ctx) // a plain struct field cannot fail
	}
	res, err := next(ctx)
	if err != nil {
		var gqlErr *gqlerror.Error
		if errors.As(err, &gqlErr) && gqlErr.Extensions["code"] != nil {
			return res, err
		}
		return res, Classify(err)
	}
	return res, nil
}

// presentError renders an error for GraphQL clients with its kind in extensions.code.
// Internal causes are logged and replaced by a generic message.
func (r *Resolver) presentError(ctx context.Context, err error) *gqlerror.Error {
	gqlErr := graphql.DefaultErrorPresenter(ctx, err)
	var e *Error
	switch {
	case errors.As(err, &e):
		if e.Kind == KindInternal {
			r.log.ErrorContext(ctx, "graphql resolver failed", "path", gqlErr.Path.String(), "err", e.Unwrap())
		}
		gqlErr.Message = e.Message
		setCode(gqlErr, e.Kind)
		if e.Field != "" {
			gqlErr.Extensions["field"] = e.Field
		}
		if e.RetryAfter > 0 {
			gqlErr.Extensions["retryAfter"] = e.RetryAfter
		}
	case gqlErr.Extensions["code"] != nil:
		// Parse and validation failures already carry gqlgen's code; keep it.
	default:
		// Not classified by the resolver middleware: the executor refused an argument
		// (e.g. a malformed ID) before calling any resolver. That is the client's mistake.
		setCode(gqlErr, KindBadRequest)
	}
	return gqlErr
}

func setCode(gqlErr *gqlerror.Error, kind Kind) {
	if gqlErr.Extensions == nil {
		gqlErr.Extensions = map[string]any{}
	}
	gqlErr.Extensions["code"] = string(kind)
}

// recoverPanic turns a resolver panic into an INTERNAL error and logs it with its value.
func (r *Resolver) recoverPanic(ctx context.Context, p any) error {
	r.log.ErrorContext(ctx, "graphql resolver panicked", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	return fault.Wrap(KindInternal, "internal error", fmt.Errorf("panic: %v", p))
}
