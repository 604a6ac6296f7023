package graph

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// lastSeenResolution is how stale a session's last_seen_at may get before a
// request writes it again; a write per request would cost more than the check.
const lastSeenResolution = time.Minute

// Authenticate is the HTTP middleware of every route: it records the client's
// address and User-Agent and, for Authorization: Bearer <access token>, checks the
// token and its session row with the user's membership (one primary-key read, so
// a revoked session stops at once) and puts the principal in the context. A refused credential is remembered
// and reported by the root-field guard, so public fields still work.
func (r *Resolver) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info := &auth.Request{IP: clientip.Of(req), UserAgent: req.UserAgent(), Header: w.Header()}
		ctx := auth.WithRequest(req.Context(), info)
		var p *auth.Principal
		var err error
		switch {
		case req.Header.Get("Authorization") != "":
			var epoch uint64
			p, epoch, err = r.authenticateBearer(ctx, req.Header.Get("Authorization"))
			if err == nil {
				ctx = withSessionEpoch(ctx, epoch)
			}
		case req.Header.Get("X-API-Key") != "" && !strings.HasPrefix(req.URL.Path, "/v1/admin/"):
			// The admin host's X-API-Key is the admin key, checked by the REST layer.
			p, err = r.authenticateAPIKey(ctx, req.Header.Get("X-API-Key"), req.Header.Get("Origin"))
			if err != nil && errorKind(err) == KindForbidden {
				info.CredentialStatus = http.StatusForbidden
			}
		}
		if err != nil {
			info.CredentialError = err.Error()
		} else if p != nil {
			ctx = auth.WithPrincipal(ctx, p)
		}
		next.ServeHTTP(w, req.WithContext(ctx))
	})
}

// authenticateBearer turns an Authorization header into a user principal, and
// the epoch of the session cache its session check belongs to.
func (r *Resolver) authenticateBearer(ctx context.Context, header string) (*auth.Principal, uint64, error) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return nil, 0, Errorf(KindUnauthenticated, "Authorization header must be Bearer <access token>")
	}
	id, err := r.account.VerifyAccessToken(strings.TrimSpace(token))
	if err != nil {
		return nil, 0, err
	}
	sys := tenancy.CredentialContext(ctx, "check the session of an access token")
	now := time.Now()
	c, epoch, err := r.sessionCheckOf(sys, id.SessionID, now)
	switch {
	case err != nil:
		r.log.ErrorContext(ctx, "session lookup failed", "err", err)
		return nil, 0, Errorf(KindUnauthenticated, "session could not be checked")
	case !c.found:
		return nil, 0, Errorf(KindUnauthenticated, "session not found")
	case c.revoked:
		return nil, 0, Errorf(KindUnauthenticated, "session has been revoked")
	case c.userID != id.UserID:
		return nil, 0, Errorf(KindUnauthenticated, "access token invalid")
	}
	if !c.lastSeen.After(now.Add(-lastSeenResolution)) {
		if err := r.client.Session.Update().Where(session.ID(id.SessionID)).SetLastSeenAt(now).Exec(sys); err != nil {
			r.log.WarnContext(ctx, "session last-seen update failed", "err", err)
		} else {
			r.sessions.touched(id.SessionID, now)
		}
	}
	p := &auth.Principal{Kind: auth.KindUser, UserID: c.userID, SessionID: id.SessionID}
	if c.member {
		// Otherwise no longer a member there: signed in, in no organization, until a switch.
		p.OrganizationID, p.Role, p.Grants = c.orgID.UUID, perm.Role(c.role), c.grants
	}
	return p, epoch, nil
}

// sessionCheckOf is the check of a session: the remembered one when there is
// one to use (see sessionCache), else read from the database and, when the
// session stands, remembered. A session not found or revoked is not
// remembered: its requests are refused, and pay the read. The epoch returned
// is the one the check belongs to: what the request remembers under its
// principal (project_cache.go) is remembered under it.
func (r *Resolver) sessionCheckOf(ctx context.Context, id uuid.UUID, now time.Time) (sessionCheck, uint64, error) {
	if c, epoch, ok := r.sessions.lookup(id, now); ok {
		return c, epoch, nil
	}
	epoch := r.sessions.begin()
	c, err := r.checkSession(ctx, id)
	if err == nil && c.found && !c.revoked {
		r.sessions.store(id, c, epoch, now)
	}
	return c, epoch, err
}

// requireCredential is the root-field guard: a root field of Query, Mutation or
// Subscription runs without a principal only when its definition carries @public.
func requireCredential(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Field.Field == nil || fc.Field.Definition == nil || !isRootObject(fc.Object) ||
		strings.HasPrefix(fc.Field.Name, "__") {
		return next(ctx)
	}
	if fc.Field.Definition.Directives.ForName("public") != nil {
		// Public fields (sign-up, sign-in, invitation by token...) find their rows by
		// the secrets they are given, before or without a principal.
		return next(tenancy.SystemContext(ctx, "public field "+fc.Field.Name))
	}
	if auth.FromContext(ctx) != nil {
		return next(ctx)
	}
	forbidden, msg := auth.Refusal(ctx)
	if forbidden {
		return nil, Errorf(KindForbidden, "%s", msg)
	}
	return nil, Errorf(KindUnauthenticated, "%s", msg)
}

func isRootObject(name string) bool {
	return name == "Query" || name == "Mutation" || name == "Subscription"
}
