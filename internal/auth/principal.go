// Package auth holds Vidra's credentials: password hashing, access tokens, opaque
// secrets, OAuth providers, rate limits, and the principal a request acts as.
package auth

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/perm"
)

// Kind says what sort of credential a principal presented.
type Kind string

// The kinds of principal: a signed-in user, or a caller with an API key.
const (
	KindUser   Kind = "user"
	KindAPIKey Kind = "api_key"
)

// Principal is who a request acts as, established by the authentication middleware.
type Principal struct {
	// Kind is the credential's kind.
	Kind Kind
	// UserID is the signed-in user (KindUser).
	UserID uuid.UUID
	// SessionID is the session the access token belongs to (KindUser).
	SessionID uuid.UUID
	// OrganizationID is the current organization; uuid.Nil when there is none.
	OrganizationID uuid.UUID
	// APIKeyID is the key used (KindAPIKey).
	APIKeyID uuid.UUID
	// Role is the user's role in the current organization (empty when there is
	// none), or perm.APIKey for an API key.
	Role perm.Role
	// Grants are the member's or key's grants (unused for owners and admins).
	Grants []perm.Grant
}

// Perm is the principal as the decision function sees it.
func (p *Principal) Perm() perm.Principal {
	return perm.Principal{OrganizationID: p.OrganizationID, Role: p.Role, Grants: p.Grants}
}

// IsUser reports whether the principal is a signed-in user (not an API key).
func (p *Principal) IsUser() bool { return p.Kind == KindUser && p.UserID != uuid.Nil }

// IsOrgAdmin reports whether the principal is an owner or admin of its current organization.
func (p *Principal) IsOrgAdmin() bool {
	return p.OrganizationID != uuid.Nil && (p.Role == perm.Owner || p.Role == perm.Admin)
}

type principalKey struct{}

// WithPrincipal returns a context carrying the principal.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the request's principal, or nil for an anonymous request.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}

// Request is what the domain needs to know about the HTTP request it serves:
// where it comes from, and a way to set response headers (Retry-After).
type Request struct {
	// IP is the client's address, without port.
	IP string
	// UserAgent is the User-Agent header.
	UserAgent string
	// CredentialError is why a presented credential was refused; empty when none
	// was presented or it was accepted.
	CredentialError string
	// CredentialStatus is 403 when the credential was refused as not allowed here
	// (an API key used from another origin) rather than invalid; 0 otherwise.
	CredentialStatus int
	// Header is the response's header map; nil outside an HTTP request.
	Header http.Header
}

type requestKey struct{}

// WithRequest returns a context carrying the request facts.
func WithRequest(ctx context.Context, r *Request) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

// RequestFrom returns the request facts, never nil.
func RequestFrom(ctx context.Context) *Request {
	if r, ok := ctx.Value(requestKey{}).(*Request); ok {
		return r
	}
	return &Request{}
}

type adminKey struct{}

// WithAdmin marks a request that presented the admin key (the admin host).
func WithAdmin(ctx context.Context) context.Context {
	return context.WithValue(ctx, adminKey{}, true)
}

// IsAdmin reports whether the request presented the admin key.
func IsAdmin(ctx context.Context) bool {
	ok, _ := ctx.Value(adminKey{}).(bool)
	return ok
}

// Refusal says why a request without a principal is refused where one is needed:
// forbidden is true when the credential it presented is not allowed here (403),
// false when it presented none or an invalid one (401); message is the reason.
func Refusal(ctx context.Context) (forbidden bool, message string) {
	req := RequestFrom(ctx)
	if req.CredentialStatus == http.StatusForbidden {
		return true, req.CredentialError
	}
	if req.CredentialError != "" {
		return false, req.CredentialError
	}
	return false, "sign in required: send Authorization: Bearer <access token>"
}
