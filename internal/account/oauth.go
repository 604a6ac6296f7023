package account

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/oauthidentity"
	"github.com/vidra-dev/vidra/ent/oauthstate"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/txn"
	"golang.org/x/oauth2"
)

// provider returns a configured OAuth provider or says why there is none.
func (svc *Service) provider(name string) (*auth.Provider, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name != "google" && name != "github" {
		return nil, fault.FieldError("provider", "unknown provider %q: use google or github", name)
	}
	p := svc.providers[name]
	if p == nil {
		return nil, fault.FieldError("provider", "sign-in with %s is not configured on this server (VIDRA_%s_CLIENT_ID)", name, strings.ToUpper(name))
	}
	return p, nil
}

// OAuthRedirect starts an OAuth sign-in: it keeps the state (hashed) and the PKCE
// verifier server-side for 10 minutes and returns the provider's consent URL.
func (svc *Service) OAuthRedirect(ctx context.Context, name string) (*Redirect, error) {
	p, err := svc.provider(name)
	if err != nil {
		return nil, err
	}
	state, verifier := auth.RandomToken(32), oauth2.GenerateVerifier()
	if err := svc.db(ctx).OAuthState.Create().SetProvider(p.Name).SetStateHash(auth.HashToken(state)).
		SetCodeVerifier(verifier).SetExpiresAt(time.Now().Add(oauthStateTTL)).Exec(ctx); err != nil {
		return nil, err
	}
	return &Redirect{URL: p.AuthCodeURL(state, verifier), State: state}, nil
}

// OAuthCallback completes an OAuth sign-in. The state is consumed in its own
// transaction before the provider is called, so it works once even when the
// exchange fails, and no database lock is held while the provider answers.
func (svc *Service) OAuthCallback(ctx context.Context, name, code string, state *string) (*Tokens, error) {
	p, err := svc.provider(name)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(code) == "" {
		return nil, fault.FieldError("code", "code is required")
	}
	if state == nil || strings.TrimSpace(*state) == "" {
		return nil, fault.FieldError("state", "state is required: pass the state the provider returned to the callback")
	}
	var verifier string
	err = txn.Own(ctx, svc.client, "oauthCallback", func(tx *ent.Client) (bool, error) {
		st, err := tx.OAuthState.Query().Where(oauthstate.StateHash(auth.HashToken(strings.TrimSpace(*state)))).Only(ctx)
		if ent.IsNotFound(err) {
			return false, fault.FieldError("state", "state is invalid, used or expired")
		} else if err != nil {
			return false, err
		}
		if err := tx.OAuthState.DeleteOne(st).Exec(ctx); err != nil {
			return false, err
		}
		if st.Provider != p.Name || time.Now().After(st.ExpiresAt) {
			return true, fault.FieldError("state", "state is invalid, used or expired")
		}
		verifier = st.CodeVerifier
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	ext, err := p.Exchange(ctx, code, verifier)
	if errors.Is(err, auth.ErrExchange) {
		return nil, fault.Errorf(fault.KindUnauthenticated, "%s", err.Error())
	} else if err != nil {
		return nil, err
	}
	var out *Tokens
	err = txn.Own(ctx, svc.client, "oauthCallback", func(tx *ent.Client) (bool, error) {
		u, err := svc.oauthUser(ctx, tx, p.Name, ext)
		if err != nil {
			return false, err
		}
		out, err = svc.startSession(ctx, tx, u)
		return err == nil, err
	})
	return out, err
}

// oauthUser finds the user of a provider account: by its identity, else by its
// verified email (linking the identity), else a new user without a password.
func (svc *Service) oauthUser(ctx context.Context, tx *ent.Client, provider string, ext *auth.ExternalUser) (*ent.User, error) {
	id, err := tx.OAuthIdentity.Query().Where(oauthidentity.Provider(provider), oauthidentity.Subject(ext.Subject)).WithUser().Only(ctx)
	if err == nil {
		return id.Edges.User, nil
	} else if !ent.IsNotFound(err) {
		return nil, err
	}
	if !ext.EmailVerified || ext.Email == "" {
		return nil, fault.Errorf(fault.KindForbidden, "the %s account has no verified email address", provider)
	}
	email, err := NormalizeEmail("email", ext.Email)
	if err != nil {
		return nil, fault.Errorf(fault.KindForbidden, "the %s account's email address is not usable", provider)
	}
	now := time.Now()
	u, err := tx.User.Query().Where(user.Email(email)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		name := strings.TrimSpace(ext.Name)
		if name == "" {
			name = email[:strings.IndexByte(email, '@')]
		}
		create := tx.User.Create().SetEmail(email).SetName(textcut.UTF8(name, 255)).SetEmailVerifiedAt(now)
		if strings.HasPrefix(ext.AvatarURL, "https://") && len(ext.AvatarURL) <= 2048 {
			create.SetAvatarURL(ext.AvatarURL)
		}
		if u, err = svc.createUser(ctx, tx, create); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	case u.EmailVerifiedAt == nil:
		// Whoever registered this address never proved it: the provider just did.
		// Drop their password and sessions so a squatter keeps no way in.
		if u, err = tx.User.UpdateOne(u).SetEmailVerifiedAt(now).ClearPasswordHash().Save(ctx); err != nil {
			return nil, err
		}
		if err := tx.Session.Update().Where(session.UserID(u.ID), session.RevokedAtIsNil()).SetRevokedAt(now).Exec(ctx); err != nil {
			return nil, err
		}
	}
	if err := tx.OAuthIdentity.Create().SetUserID(u.ID).SetProvider(provider).SetSubject(ext.Subject).SetEmail(email).Exec(ctx); err != nil {
		return nil, err
	}
	return u, nil
}
