package credential

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/fault"
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
func (ch *Checker) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info := &auth.Request{IP: clientip.Of(req), UserAgent: req.UserAgent(), Header: w.Header()}
		ctx := auth.WithRequest(req.Context(), info)
		var p *auth.Principal
		var err error
		switch {
		case req.Header.Get("Authorization") != "":
			var epoch uint64
			p, epoch, err = ch.authenticateBearer(ctx, req.Header.Get("Authorization"))
			if err == nil {
				ctx = withSessionEpoch(ctx, epoch)
			}
		case req.Header.Get("X-API-Key") != "" && !strings.HasPrefix(req.URL.Path, "/v1/admin/"):
			// The admin host's X-API-Key is the admin key, checked by the REST layer.
			p, err = ch.authenticateAPIKey(ctx, req.Header.Get("X-API-Key"), req.Header.Get("Origin"))
			if err != nil && fault.KindOf(err) == fault.KindForbidden {
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
func (ch *Checker) authenticateBearer(ctx context.Context, header string) (*auth.Principal, uint64, error) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return nil, 0, fault.Errorf(fault.KindUnauthenticated, "Authorization header must be Bearer <access token>")
	}
	id, err := ch.account.VerifyAccessToken(strings.TrimSpace(token))
	if err != nil {
		return nil, 0, err
	}
	sys := tenancy.CredentialContext(ctx, "check the session of an access token")
	now := time.Now()
	c, epoch, err := ch.sessionCheckOf(sys, id.SessionID, now)
	switch {
	case err != nil:
		ch.log.ErrorContext(ctx, "session lookup failed", "err", err)
		return nil, 0, fault.Errorf(fault.KindUnauthenticated, "session could not be checked")
	case !c.found:
		return nil, 0, fault.Errorf(fault.KindUnauthenticated, "session not found")
	case c.revoked:
		return nil, 0, fault.Errorf(fault.KindUnauthenticated, "session has been revoked")
	case c.userID != id.UserID:
		return nil, 0, fault.Errorf(fault.KindUnauthenticated, "access token invalid")
	}
	if !c.lastSeen.After(now.Add(-lastSeenResolution)) {
		if err := ch.client.Session.Update().Where(session.ID(id.SessionID)).SetLastSeenAt(now).Exec(sys); err != nil {
			ch.log.WarnContext(ctx, "session last-seen update failed", "err", err)
		} else {
			ch.cache.touched(id.SessionID, now)
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
func (ch *Checker) sessionCheckOf(ctx context.Context, id uuid.UUID, now time.Time) (sessionCheck, uint64, error) {
	if c, epoch, ok := ch.cache.lookup(id, now); ok {
		return c, epoch, nil
	}
	epoch := ch.cache.begin()
	c, err := ch.checkSession(ctx, id)
	if err == nil && c.found && !c.revoked {
		ch.cache.store(id, c, epoch, now)
	}
	return c, epoch, err
}

// Bearer checks an Authorization header as Authenticate does, for a
// connection that presents it elsewhere (the subscription websocket's
// connection_init).
func (ch *Checker) Bearer(ctx context.Context, header string) (*auth.Principal, error) {
	p, _, err := ch.authenticateBearer(ctx, header)
	return p, err
}

// APIKey checks an API key and the browser origin it is used from, as
// Authenticate does.
func (ch *Checker) APIKey(ctx context.Context, secret, origin string) (*auth.Principal, error) {
	return ch.authenticateAPIKey(ctx, secret, origin)
}
