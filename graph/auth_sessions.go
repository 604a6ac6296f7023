package graph

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// requireUser returns the caller when it is a signed-in user.
func requireUser(ctx context.Context) (*auth.Principal, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, Errorf(KindUnauthenticated, "sign in required")
	}
	if p.Kind != auth.KindUser {
		return nil, Errorf(KindForbidden, "this operation needs a signed-in user, not an API key")
	}
	return p, nil
}

// currentUser loads the signed-in user.
func (r *Resolver) currentUser(ctx context.Context) (*ent.User, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return r.db(ctx).User.Get(ctx, p.UserID)
}

// listSessions lists the caller's active sessions, most recently seen first.
func (r *Resolver) listSessions(ctx context.Context) ([]*model.AuthSession, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := r.db(ctx).Session.Query().Where(session.UserID(p.UserID), session.RevokedAtIsNil()).
		Order(ent.Desc(session.FieldLastSeenAt), ent.Desc(session.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*model.AuthSession, len(rows))
	for i, s := range rows {
		out[i] = &model.AuthSession{
			ID: s.ID, Device: auth.Device(s.UserAgent), UserAgent: s.UserAgent, IPAddress: s.IPAddress,
			CreatedAt: s.CreatedAt, LastSeenAt: s.LastSeenAt, Current: s.ID == p.SessionID,
		}
	}
	return out, nil
}

// deleteSession revokes one of the caller's sessions.
func (r *Resolver) deleteSession(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	n, err := r.db(ctx).Session.Update().
		Where(session.ID(id), session.UserID(p.UserID), session.RevokedAtIsNil()).
		SetRevokedAt(time.Now()).Save(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	if n == 0 {
		return uuid.Nil, NotFound("session")
	}
	return id, nil
}

// deleteOtherSessions revokes every session of the caller but the current one.
func (r *Resolver) deleteOtherSessions(ctx context.Context) (int, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return 0, err
	}
	return r.db(ctx).Session.Update().
		Where(session.UserID(p.UserID), session.IDNEQ(p.SessionID), session.RevokedAtIsNil()).
		SetRevokedAt(time.Now()).Save(ctx)
}

// rightsOf are the actions a principal may take on everything of its current
// organization's projects: all for owners and admins; for members and API keys,
// those their grants give organization-wide (per-project grants show in
// testPermission).
func rightsOf(p *auth.Principal) []string {
	rights := []string{}
	pp := p.Perm()
	for _, a := range []perm.Action{perm.Read, perm.Write, perm.Delete} {
		if pp.Can(a, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Project}) {
			rights = append(rights, a.String())
		}
	}
	return rights
}

// accessCheck says who is calling (a user or an API key) and with which rights.
func (r *Resolver) accessCheck(ctx context.Context) (*model.AccessCheck, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, Errorf(KindUnauthenticated, "sign in required")
	}
	client := r.db(ctx)
	out := &model.AccessCheck{Kind: model.PrincipalKindUser, Rights: []string{}}
	if p.Kind == auth.KindAPIKey {
		out.Kind = model.PrincipalKindAPIKey
	} else {
		u, err := client.User.Get(ctx, p.UserID)
		if err != nil {
			return nil, err
		}
		sid := p.SessionID
		out.User, out.SessionID = u, &sid
	}
	if p.OrganizationID == uuid.Nil || p.Role == "" {
		return out, nil // no current organization: no rights there
	}
	org, err := client.Organization.Get(ctx, p.OrganizationID)
	if err != nil {
		return nil, err
	}
	role := string(p.Role)
	out.Organization, out.Role, out.Rights = org, &role, rightsOf(p)
	return out, nil
}
