package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

// AccessTokenTTL is how long an access token is valid.
const AccessTokenTTL = 15 * time.Minute

const issuer = "vidra"

// Claims are an access token's claims: sub (user), sid (session) and org
// (current organization, empty when none).
type Claims struct {
	jwt.RegisteredClaims
	SessionID      string `json:"sid"`
	OrganizationID string `json:"org,omitempty"`
}

// Signer issues and verifies access tokens (HS256 only).
type Signer struct {
	secret   []byte
	now      func() time.Time
	verified *verifiedTokens
}

// NewSigner returns a signer over the secret; now is time.Now when nil.
func NewSigner(secret []byte, now func() time.Time) *Signer {
	if now == nil {
		now = time.Now
	}
	return &Signer{secret: secret, now: now, verified: newVerifiedTokens(verifiedTokensKept)}
}

// Issue signs an access token for a user's session.
func (s *Signer) Issue(userID, sessionID, orgID uuid.UUID) (string, error) {
	now := s.now()
	c := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    issuer,
			Subject:   userID.String(),
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(AccessTokenTTL)),
		},
		SessionID: sessionID.String(),
	}
	if orgID != uuid.Nil {
		c.OrganizationID = orgID.String()
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.secret)
}

// TokenIdentity is what a verified access token names.
type TokenIdentity struct {
	UserID, SessionID, OrganizationID uuid.UUID
}

// Verify checks an access token's signature (HS256 only: alg none and every
// other algorithm are refused), issuer and times, and returns what it names.
// A token it verified before is only checked for its times (verifiedTokens).
func (s *Signer) Verify(token string) (TokenIdentity, error) {
	if id, ok := s.verified.lookup(token, s.now()); ok {
		return id, nil
	}
	var c Claims
	tok, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.now),
	)
	if err != nil {
		switch {
		case tok != nil && tok.Method != nil && tok.Method.Alg() != jwt.SigningMethodHS256.Alg():
			return TokenIdentity{}, errors.New("access token algorithm not accepted")
		case errors.Is(err, jwt.ErrTokenExpired):
			return TokenIdentity{}, errors.New("access token expired")
		case errors.Is(err, jwt.ErrTokenSignatureInvalid), errors.Is(err, jwt.ErrTokenUnverifiable):
			return TokenIdentity{}, errors.New("access token signature invalid")
		}
		return TokenIdentity{}, errors.New("access token invalid")
	}
	var id TokenIdentity
	if id.UserID, err = uuid.Parse(c.Subject); err != nil {
		return TokenIdentity{}, fmt.Errorf("access token invalid: sub")
	}
	if id.SessionID, err = uuid.Parse(c.SessionID); err != nil {
		return TokenIdentity{}, fmt.Errorf("access token invalid: sid")
	}
	if c.OrganizationID != "" {
		if id.OrganizationID, err = uuid.Parse(c.OrganizationID); err != nil {
			return TokenIdentity{}, fmt.Errorf("access token invalid: org")
		}
	}
	if c.ExpiresAt != nil {
		remembered := verifiedToken{identity: id, expiresAt: c.ExpiresAt.Time}
		if c.NotBefore != nil {
			remembered.notBefore = c.NotBefore.Time
		}
		s.verified.remember(token, remembered)
	}
	return id, nil
}
