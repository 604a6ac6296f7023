package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// subscriptionCredentials are the credential checks the subscription websocket
// (gqlserver.Websocket) admits and keeps connections by: those of HTTP
// requests, and the watch below.
type subscriptionCredentials struct{ r *Resolver }

// AuthenticateBearer implements gqlserver.Credentials.
func (c subscriptionCredentials) AuthenticateBearer(ctx context.Context, authorization string) (*auth.Principal, error) {
	return c.r.credentials.Bearer(ctx, authorization)
}

// AuthenticateAPIKey implements gqlserver.Credentials.
func (c subscriptionCredentials) AuthenticateAPIKey(ctx context.Context, key, origin string) (*auth.Principal, error) {
	return c.r.credentials.APIKey(ctx, key, origin)
}

// WatchCredential implements gqlserver.Credentials: it follows p's credential
// (followCredential, watchCredential) and puts the connection's credential gate
// in the context its subscriptions run in (credentialSettled).
func (c subscriptionCredentials) WatchCredential(ctx context.Context, end context.CancelFunc, p *auth.Principal, recheck time.Duration) context.Context {
	gate := newCredentialGate()
	sub := c.r.followCredential(ctx, p, gate)
	go c.r.watchCredential(ctx, end, p, gate, sub, recheck)
	return context.WithValue(ctx, credentialGateKey{}, gate)
}

// followCredential subscribes, for a connection opened with p, to the change
// feed's notices about p's credential: its session, membership, API key,
// organization or user (or that notices were lost, on any server). Each notice
// holds gate as it is delivered. It returns nil without a change feed. gate is
// held once already, for watchCredential's first check: until that check, the
// connection sends nothing, so a change committed while the connection was
// being opened cannot slip through.
func (r *Resolver) followCredential(ctx context.Context, p *auth.Principal, gate *credentialGate) *changefeed.Subscription {
	gate.hold()
	if r.changes == nil {
		return nil
	}
	filter := credentialFilter(p, r.membershipID(ctx, p))
	return r.changes.Subscribe(func(n changefeed.Notice) bool {
		if !filter(n) {
			return false
		}
		gate.hold()
		return true
	})
}

// watchCredential ends a subscription connection (end cancels its context)
// once the credential it was opened with no longer holds as it did: a revoked
// or signed-out session, a user no longer a member of the organization or with
// another role or grants, a deleted or expired key, or a key with other
// grants; the client connects again and is checked anew.
//
// The credential is checked at once, again as soon as sub (followCredential)
// announces a change, and every interval besides, for what no notice announces
// (an expiry, a change made outside Vidra). A check that finds the credential
// holding releases what gate held until then.
func (r *Resolver) watchCredential(ctx context.Context, end context.CancelFunc, p *auth.Principal, gate *credentialGate, sub *changefeed.Subscription, interval time.Duration) {
	var notices <-chan changefeed.Notice
	if sub != nil {
		defer sub.Close()
		notices = sub.C
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		// The changes held so far are answered by this check.
		held := gate.holding()
		holds, err := r.credentials.Holds(ctx, p)
		switch {
		case err != nil:
			if ctx.Err() == nil {
				r.log.WarnContext(ctx, "subscription credential check failed; checked again later", "err", err)
			}
		case !holds:
			r.log.InfoContext(ctx, "subscription connection ended: its credential changed", "kind", p.Kind)
			end()
			return
		default:
			gate.release(held)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-notices:
		}
	}
}

// membershipID is the id of the membership p acts through, uuid.Nil when
// none (an API key, a user without a current organization, or a failed read:
// the periodic check still covers it).
func (r *Resolver) membershipID(ctx context.Context, p *auth.Principal) uuid.UUID {
	if p.Kind != auth.KindUser || p.OrganizationID == uuid.Nil {
		return uuid.Nil
	}
	sys := tenancy.CredentialContext(ctx, "find the membership a subscription connection acts through")
	id, err := r.client.Membership.Query().
		Where(membership.UserID(p.UserID), membership.OrganizationID(p.OrganizationID)).OnlyID(sys)
	if err != nil && !ent.IsNotFound(err) && ctx.Err() == nil {
		r.log.WarnContext(ctx, "subscription membership lookup failed", "err", err)
	}
	return id
}

// credentialFilter accepts the notices that can change what p's credential
// gives: its session, membership (membershipID), API key, organization or
// user; resync notices always pass.
func credentialFilter(p *auth.Principal, membershipID uuid.UUID) func(changefeed.Notice) bool {
	return func(n changefeed.Notice) bool {
		switch n.Kind {
		case changefeed.KindSession:
			return p.Kind == auth.KindUser && n.ID == p.SessionID
		case changefeed.KindMembership:
			return membershipID != uuid.Nil && n.ID == membershipID
		case changefeed.KindAPIKey:
			return p.Kind == auth.KindAPIKey && n.ID == p.APIKeyID
		case changefeed.KindOrganization:
			return p.OrganizationID != uuid.Nil && n.ID == p.OrganizationID
		case changefeed.KindUser:
			return p.Kind == auth.KindUser && n.ID == p.UserID
		}
		return false
	}
}
