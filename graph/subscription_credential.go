package graph

import (
	"context"
	"reflect"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/auth"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/tenancy"
)

// watchCredential ends a subscription connection (end cancels its context)
// once the credential it was opened with no longer holds as it did: every
// interval it checks the session of a bearer token (as each HTTP request does,
// through the session cache) or the API key. A revoked session, a user no
// longer a member of the organization or with another role or grants, a
// deleted or expired key, or a key with other grants ends it; the client
// connects again and is checked anew.
func (r *Resolver) watchCredential(ctx context.Context, end context.CancelFunc, p *auth.Principal, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		holds, err := r.credentialHolds(ctx, p)
		if err != nil {
			if ctx.Err() == nil {
				r.log.WarnContext(ctx, "subscription credential check failed; checked again later", "err", err)
			}
			continue
		}
		if !holds {
			r.log.InfoContext(ctx, "subscription connection ended: its credential changed", "kind", p.Kind)
			end()
			return
		}
	}
}

// credentialHolds reports whether p is still what its credential gives.
func (r *Resolver) credentialHolds(ctx context.Context, p *auth.Principal) (bool, error) {
	sys := tenancy.CredentialContext(ctx, "recheck a subscription's credential")
	switch p.Kind {
	case auth.KindUser:
		c, _, err := r.sessionCheckOf(sys, p.SessionID, time.Now())
		if err != nil {
			return false, err
		}
		if !c.found || c.revoked || c.userID != p.UserID {
			return false, nil
		}
		if !c.member {
			return p.OrganizationID == uuid.Nil, nil
		}
		return c.orgID.UUID == p.OrganizationID && string(p.Role) == c.role && reflect.DeepEqual(c.grants, p.Grants), nil
	case auth.KindAPIKey:
		k, err := r.client.APIKey.Query().Where(apikey.ID(p.APIKeyID)).Only(sys)
		if err != nil {
			if ent.IsNotFound(err) {
				return false, nil
			}
			return false, err
		}
		return time.Now().Before(k.ExpiresAt) && reflect.DeepEqual(k.Grants, p.Grants), nil
	}
	return true, nil
}
