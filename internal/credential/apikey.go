package credential

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// lastUsedResolution is how stale an API key's last_used_at may get before a
// request writes it again.
const lastUsedResolution = time.Minute

// authenticateAPIKey turns an X-API-Key header into an API-key principal: the
// key's organization and grants only. Unknown, deleted and expired keys are
// UNAUTHENTICATED; a browser Origin other than the key's is FORBIDDEN.
func (ch *Checker) authenticateAPIKey(ctx context.Context, secret, origin string) (*auth.Principal, error) {
	sys := tenancy.CredentialContext(ctx, "check an API key")
	k, err := ch.client.APIKey.Query().Where(apikey.SecretHash(auth.HashToken(strings.TrimSpace(secret)))).Only(sys)
	switch {
	case ent.IsNotFound(err):
		return nil, fault.Errorf(fault.KindUnauthenticated, "API key is invalid or has been deleted")
	case err != nil:
		ch.log.ErrorContext(ctx, "API key lookup failed", "err", err)
		return nil, fault.Errorf(fault.KindUnauthenticated, "API key could not be checked")
	case !time.Now().Before(k.ExpiresAt):
		return nil, fault.Errorf(fault.KindUnauthenticated, "API key has expired")
	case origin != "" && !originAllowed(k.Origin, origin):
		return nil, fault.Errorf(fault.KindForbidden, "origin %s is not the origin this API key is bound to", origin)
	}
	if now := time.Now(); k.LastUsedAt == nil || now.Sub(*k.LastUsedAt) > lastUsedResolution {
		if err := ch.client.APIKey.Update().Where(apikey.ID(k.ID)).SetLastUsedAt(now).Exec(sys); err != nil {
			ch.log.WarnContext(ctx, "API key last-used update failed", "err", err)
		}
	}
	return &auth.Principal{
		Kind: auth.KindAPIKey, APIKeyID: k.ID, OrganizationID: k.OrganizationID, Role: perm.APIKey, Grants: k.Grants,
	}, nil
}

// originAllowed reports whether a browser's Origin header matches a key's origin:
// "*" matches any; a full origin (https://app.example.com) must match scheme and
// host; a bare host (app.example.com, or *.example.com for its subdomains) must
// match the host, with or without port.
func originAllowed(keyOrigin, origin string) bool {
	keyOrigin = strings.ToLower(strings.TrimRight(strings.TrimSpace(keyOrigin), "/"))
	origin = strings.ToLower(strings.TrimSpace(origin))
	if keyOrigin == "*" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.Contains(keyOrigin, "://") {
		return keyOrigin == u.Scheme+"://"+u.Host
	}
	if rest, ok := strings.CutPrefix(keyOrigin, "*."); ok {
		return strings.HasSuffix(u.Hostname(), "."+rest)
	}
	return keyOrigin == u.Host || keyOrigin == u.Hostname()
}
