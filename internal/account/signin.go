package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/refreshtoken"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/txn"
)

// errBadCredentials is the one answer to a wrong email or a wrong password.
var errBadCredentials = fault.Errorf(fault.KindUnauthenticated, "email or password is incorrect")

// errEmailTaken answers a registration for an address that has an account.
var errEmailTaken = &fault.Error{Kind: fault.KindConflict, Field: "email", Message: "an account with this email already exists"}

// Register creates an account with its personal organization, mails the
// verification link and signs in.
func (svc *Service) Register(ctx context.Context, in RegisterInput) (*Tokens, error) {
	email, err := NormalizeEmail("email", in.Email)
	if err != nil {
		return nil, err
	}
	if err := svc.allow(ctx,
		limitCheck{svc.registerIP, auth.RequestFrom(ctx).IP},
		limitCheck{svc.registerAccount, email}); err != nil {
		return nil, err
	}
	name := ""
	if in.Name != nil {
		name = strings.TrimSpace(*in.Name)
	}
	if name == "" {
		name = email[:strings.IndexByte(email, '@')]
	}
	if err := checkPassword("password", in.Password, email, name); err != nil {
		return nil, err
	}
	if err := txn.RefuseShared(ctx, "register"); err != nil {
		return nil, err
	}
	taken, err := svc.client.User.Query().Where(user.Email(email)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if taken {
		return nil, errEmailTaken
	}
	// Hashed before the transaction opens: no lock or pooled connection is held
	// while argon2id runs (or waits for a slot).
	hash, err := svc.hashPassword(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	var out *Tokens
	err = svc.signInTx(ctx, "register", func(ctx context.Context) error {
		client := svc.db(ctx)
		u, err := svc.createUser(ctx, client, client.User.Create().SetEmail(email).SetName(name).SetPasswordHash(hash))
		if ent.IsConstraintError(err) {
			return errEmailTaken // registered meanwhile
		} else if err != nil {
			return err
		}
		if err := svc.mailVerificationLink(ctx, client, u); err != nil {
			return err
		}
		out, err = svc.startSession(ctx, client, u)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// createUser saves a new user with a personal organization it owns (issue 5's
// tenancy starts from there).
func (svc *Service) createUser(ctx context.Context, client *ent.Client, create *ent.UserCreate) (*ent.User, error) {
	u, err := create.Save(ctx)
	if err != nil {
		return nil, err
	}
	org, err := client.Organization.Create().SetName(personalOrgName(u.Name)).Save(ctx)
	if err != nil {
		return nil, err
	}
	if err := client.Membership.Create().SetUserID(u.ID).SetOrganizationID(org.ID).SetRole(membership.RoleOwner).Exec(ctx); err != nil {
		return nil, err
	}
	return u, nil
}

func personalOrgName(name string) string {
	n := fmt.Sprintf("%s's organization", name)
	if len(n) > 255 {
		n = n[:255]
	}
	return n
}

// Login signs in with email and password. An unknown email, an OAuth-only
// account and a wrong password get the same answer after the same work.
func (svc *Service) Login(ctx context.Context, emailIn, password string) (*Tokens, error) {
	email := strings.ToLower(strings.TrimSpace(emailIn))
	if err := svc.allow(ctx,
		limitCheck{svc.loginIP, auth.RequestFrom(ctx).IP},
		limitCheck{svc.loginAccount, accountFrom(ctx, email)}); err != nil {
		return nil, err
	}
	if email == "" {
		return nil, fault.FieldError("email", "email is required")
	}
	if password == "" {
		return nil, fault.FieldError("password", "password is required")
	}
	if err := txn.RefuseShared(ctx, "login"); err != nil {
		return nil, err
	}
	u, err := svc.client.User.Query().Where(user.Email(email)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	hash := svc.dummyHash
	if u != nil && u.PasswordHash != nil {
		hash = *u.PasswordHash
	}
	// Verified outside any transaction: no lock or pooled connection is held
	// while argon2id runs (or waits for a slot).
	ok, err := svc.verifyPassword(ctx, password, hash)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil || u.PasswordHash == nil {
		return nil, errBadCredentials
	}
	var out *Tokens
	err = svc.signInTx(ctx, "login", func(ctx context.Context) error {
		out, err = svc.startSession(ctx, svc.db(ctx), u)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// startSession opens a session in the user's first organization and issues its tokens.
func (svc *Service) startSession(ctx context.Context, client *ent.Client, u *ent.User) (*Tokens, error) {
	req := auth.RequestFrom(ctx)
	m, err := client.Membership.Query().Where(membership.UserID(u.ID)).
		Order(membership.ByCreatedAt(), membership.ByID()).First(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	create := client.Session.Create().SetUserID(u.ID).
		SetUserAgent(textcut.UTF8(req.UserAgent, 1024)).SetIPAddress(textcut.UTF8(req.IP, 64)).SetLastSeenAt(time.Now())
	if m != nil {
		create.SetOrganizationID(m.OrganizationID)
	}
	s, err := create.Save(ctx)
	if err != nil {
		return nil, err
	}
	return svc.issueTokens(ctx, client, u, s)
}

// issueTokens gives a session a new refresh token and an access token.
func (svc *Service) issueTokens(ctx context.Context, client *ent.Client, u *ent.User, s *ent.Session) (*Tokens, error) {
	refresh := auth.RandomToken(32)
	if err := client.RefreshToken.Create().SetSessionID(s.ID).SetTokenHash(auth.HashToken(refresh)).
		SetExpiresAt(time.Now().Add(refreshTokenTTL)).Exec(ctx); err != nil {
		return nil, err
	}
	org := uuid.Nil
	if s.OrganizationID != nil {
		org = *s.OrganizationID
	}
	access, err := svc.signer.Issue(u.ID, s.ID, org)
	if err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, access)
	idempotency.NoteSecret(ctx, refresh)
	return &Tokens{
		AccessToken: access, RefreshToken: refresh, TokenType: "Bearer",
		ExpiresIn: int(auth.AccessTokenTTL / time.Second), User: u,
	}, nil
}

// Refresh rotates a refresh token. It commits its own transaction because a
// reused token must revoke the session even though the call fails.
func (svc *Service) Refresh(ctx context.Context, token string) (*Tokens, error) {
	if strings.TrimSpace(token) == "" {
		return nil, fault.FieldError("refreshToken", "refresh token is required")
	}
	var out *Tokens
	err := txn.Own(ctx, svc.client, "refreshToken", func(tx *ent.Client) (bool, error) {
		rt, err := tx.RefreshToken.Query().Where(refreshtoken.TokenHash(auth.HashToken(token))).WithSession().Only(ctx)
		if ent.IsNotFound(err) {
			return false, fault.Errorf(fault.KindUnauthenticated, "refresh token is invalid")
		} else if err != nil {
			return false, err
		}
		s := rt.Edges.Session
		now := time.Now()
		switch {
		case s.RevokedAt != nil:
			return false, fault.Errorf(fault.KindUnauthenticated, "the session of this refresh token has been revoked")
		case rt.UsedAt != nil:
			return true, svc.revokeReused(ctx, tx, s.ID)
		case now.After(rt.ExpiresAt):
			return false, fault.Errorf(fault.KindUnauthenticated, "refresh token has expired")
		}
		// Conditional, so that of two concurrent uses only one wins.
		n, err := tx.RefreshToken.Update().Where(refreshtoken.ID(rt.ID), refreshtoken.UsedAtIsNil()).SetUsedAt(now).Save(ctx)
		if err != nil {
			return false, err
		}
		if n == 0 {
			return true, svc.revokeReused(ctx, tx, s.ID)
		}
		req := auth.RequestFrom(ctx)
		s, err = tx.Session.UpdateOne(s).SetLastSeenAt(now).SetIPAddress(textcut.UTF8(req.IP, 64)).Save(ctx)
		if err != nil {
			return false, err
		}
		u, err := tx.User.Get(ctx, s.UserID)
		if err != nil {
			return false, err
		}
		out, err = svc.issueTokens(ctx, tx, u, s)
		return err == nil, err
	})
	return out, err
}

// revokeReused revokes a session whose used refresh token came back: either
// the client retried, or someone else holds a copy. Both must sign in again.
func (svc *Service) revokeReused(ctx context.Context, tx *ent.Client, sessionID uuid.UUID) error {
	if err := tx.Session.UpdateOneID(sessionID).SetRevokedAt(time.Now()).Exec(ctx); err != nil {
		return err
	}
	svc.log.WarnContext(ctx, "used refresh token presented again; session revoked", "session", sessionID)
	return fault.Errorf(fault.KindUnauthenticated, "refresh token was already used; the session has been revoked")
}

// Logout revokes the caller's session.
func (svc *Service) Logout(ctx context.Context) (bool, error) {
	p, err := RequireUser(ctx)
	if err != nil {
		return false, err
	}
	err = svc.db(ctx).Session.Update().Where(session.ID(p.SessionID), session.RevokedAtIsNil()).SetRevokedAt(time.Now()).Exec(ctx)
	return err == nil, err
}
