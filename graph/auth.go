package graph

import (
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/account"
)

// AuthDeps are what accounts and sign-in need (account.Deps).
type AuthDeps = account.Deps

// AuthLimits are the rate limits of the sign-in operations (account.Limits).
type AuthLimits = account.Limits

// DefaultAuthLimits are the limits the server runs with unless configured
// otherwise (account.DefaultLimits).
var DefaultAuthLimits = account.DefaultLimits

// The account service's values have the fields of their GraphQL types, in
// the same order (internal/account/types.go), so these conversions copy
// nothing.

// authPayload presents a signed-in session's tokens.
func authPayload(t *account.Tokens, err error) (*model.AuthPayload, error) {
	return (*model.AuthPayload)(t), err
}

// resetTicket presents the ticket a verified reset code is exchanged for.
func resetTicket(t *account.ResetTicket, err error) (*model.PasswordResetTicket, error) {
	return (*model.PasswordResetTicket)(t), err
}

// accountCheck presents checkAccount's answer.
func accountCheck(c *account.Check, err error) (*model.AccountCheck, error) {
	return (*model.AccountCheck)(c), err
}

// oauthRedirect presents the start of an OAuth sign-in.
func oauthRedirect(rd *account.Redirect, err error) (*model.OAuthRedirect, error) {
	return (*model.OAuthRedirect)(rd), err
}

// authSessions presents the caller's sessions.
func authSessions(list []*account.Session, err error) ([]*model.AuthSession, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*model.AuthSession, len(list))
	for i, s := range list {
		out[i] = (*model.AuthSession)(s)
	}
	return out, nil
}
