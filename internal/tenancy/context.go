// Package tenancy keeps every organization's rows to itself: the ent
// interceptors and hooks of each entity (ent/schema) call the rules here, so no
// query reaches another organization's rows, and no write changes one, however a
// resolver builds it. Within the current organization the rules ask the one
// decision function of package perm.
//
// Work that is not done for a principal (start-up, jobs, the sign-in flows that
// must read a user before anyone is signed in) runs in a SystemContext, which
// names its reason and is logged.
package tenancy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"entgo.io/ent/privacy"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

type reasonKey struct{}

// SystemContext returns a context in which the tenancy rules allow everything,
// for work done on no principal's behalf (jobs, start-up, sign-in flows, test
// fixtures). The reason is logged and kept in the context (Reason).
func SystemContext(ctx context.Context, reason string) context.Context {
	return bypass(ctx, slog.LevelInfo, reason)
}

// CredentialContext is SystemContext for the per-request credential check (the
// session or API key lookup before a principal exists); it logs at debug level,
// because it happens on every request.
func CredentialContext(ctx context.Context, reason string) context.Context {
	return bypass(ctx, slog.LevelDebug, reason)
}

// RoutineContext is SystemContext for the server's own bookkeeping that runs
// every few seconds (the process liveness heartbeat); it logs at debug level, so
// the log is not a metronome.
func RoutineContext(ctx context.Context, reason string) context.Context {
	return bypass(ctx, slog.LevelDebug, reason)
}

// TokenContext is SystemContext for requests authorised by a token of their own
// rather than by a principal: tus and direct uploads (upload tokens) and playback
// (public projects or playback tokens). It logs at debug level, because players
// fetch many segments.
func TokenContext(ctx context.Context, reason string) context.Context {
	return bypass(ctx, slog.LevelDebug, reason)
}

func bypass(ctx context.Context, level slog.Level, reason string) context.Context {
	slog.Log(ctx, level, "tenancy bypass", "reason", reason)
	ctx = context.WithValue(ctx, reasonKey{}, reason)
	return privacy.DecisionContext(ctx, privacy.Allow)
}

// IsSystem reports whether ctx bypasses the tenancy rules: a SystemContext, or
// any context carrying ent's privacy.Allow decision.
func IsSystem(ctx context.Context) bool {
	// ent reports an Allow decision as (nil, true).
	d, ok := privacy.DecisionFromContext(ctx)
	return ok && (d == nil || errors.Is(d, privacy.Allow))
}

// Reason is why ctx bypasses the rules; empty when it does not, or when it was
// allowed by a bare privacy decision.
func Reason(ctx context.Context) string {
	s, _ := ctx.Value(reasonKey{}).(string)
	return s
}

// NotFoundError is a row the principal may not see: to the caller it does not exist.
type NotFoundError struct {
	// Entity is the kind of row, e.g. "video".
	Entity string
}

// Error implements error.
func (e *NotFoundError) Error() string { return e.Entity + " not found" }

// DeniedError is a row the principal may see but not change in this way. It
// matches privacy.Deny with errors.Is.
type DeniedError struct {
	// Message says what is missing, safe to show.
	Message string
}

// Error implements error.
func (e *DeniedError) Error() string { return e.Message }

// Is makes a denial match privacy.Deny.
func (e *DeniedError) Is(target error) bool { return target == privacy.Deny }

func denied(format string, args ...any) error {
	return &DeniedError{Message: fmt.Sprintf(format, args...)}
}

// errNoPrincipal refuses work that has neither a principal nor a system context:
// a programming error (a job without SystemContext), never a client's.
var errNoPrincipal = &DeniedError{Message: "no principal: sign in, or run system work in tenancy.SystemContext"}

// principal returns the caller, or errNoPrincipal.
func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, errNoPrincipal
	}
	return p, nil
}

// actionOf is what a mutation does in the permission model.
func actionOf(isDelete bool) perm.Action {
	if isDelete {
		return perm.Delete
	}
	return perm.Write
}
