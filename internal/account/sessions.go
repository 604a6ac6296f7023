package account

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
)

// requireUser returns the caller when it is a signed-in user.
func RequireUser(ctx context.Context) (*auth.Principal, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, fault.Errorf(fault.KindUnauthenticated, "sign in required")
	}
	if p.Kind != auth.KindUser {
		return nil, fault.Errorf(fault.KindForbidden, "this operation needs a signed-in user, not an API key")
	}
	return p, nil
}

// CurrentUser loads the signed-in user.
func (svc *Service) CurrentUser(ctx context.Context) (*ent.User, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return svc.db(ctx).User.Get(ctx, p.UserID)
}

// Sessions lists the caller's active sessions, most recently seen first.
func (svc *Service) Sessions(ctx context.Context) ([]*Session, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := svc.db(ctx).Session.Query().Where(session.UserID(p.UserID), session.RevokedAtIsNil()).
		Order(ent.Desc(session.FieldLastSeenAt), ent.Desc(session.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*Session, len(rows))
	for i, s := range rows {
		out[i] = &Session{
			ID: s.ID, Device: auth.Device(s.UserAgent), UserAgent: s.UserAgent, IPAddress: s.IPAddress,
			CreatedAt: s.CreatedAt, LastSeenAt: s.LastSeenAt, Current: s.ID == p.SessionID,
		}
	}
	return out, nil
}

// DeleteSession revokes one of the caller's sessions.
func (svc *Service) DeleteSession(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	n, err := svc.db(ctx).Session.Update().
		Where(session.ID(id), session.UserID(p.UserID), session.RevokedAtIsNil()).
		SetRevokedAt(time.Now()).Save(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	if n == 0 {
		return uuid.Nil, fault.NotFound("session")
	}
	return id, nil
}

// DeleteOtherSessions revokes every session of the caller but the current one.
func (svc *Service) DeleteOtherSessions(ctx context.Context) (int, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	return svc.db(ctx).Session.Update().
		Where(session.UserID(p.UserID), session.IDNEQ(p.SessionID), session.RevokedAtIsNil()).
		SetRevokedAt(time.Now()).Save(ctx)
}
