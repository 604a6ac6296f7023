package auth

import (
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
)

// verifiedTokensKept bounds how many verified access tokens a signer
// remembers: one per active session is plenty, and an entry is a few hundred
// bytes.
const verifiedTokensKept = 4096

// verifiedToken is what a signer remembers of an access token it verified:
// what it names and when it is valid.
type verifiedToken struct {
	identity             TokenIdentity
	notBefore, expiresAt time.Time
}

// verifiedTokens remembers the access tokens a signer has verified, so that a
// token sent again (every request of a signed-in client sends the same one
// for its 15 minutes) is not parsed and its HMAC not computed again: about a
// third of the bearer check's Go CPU. Only a token string that passed the
// whole verification is remembered, under the signer's one secret, and its
// times are still checked on every use; the session check that follows
// decides revocation (internal/credential/session_cache.go says when it reads the database).
type verifiedTokens struct {
	// lru is golang-lru's thread-safe cache (it locks around every call).
	lru *lru.Cache[string, verifiedToken]
}

func newVerifiedTokens(size int) *verifiedTokens {
	cache, err := lru.New[string, verifiedToken](size)
	if err != nil {
		panic("auth: verified token cache: " + err.Error())
	}
	return &verifiedTokens{lru: cache}
}

// lookup returns the identity of token if it was verified and is valid at
// now. A token remembered but not valid now is forgotten, so that the full
// verification runs and gives its error.
func (v *verifiedTokens) lookup(token string, now time.Time) (TokenIdentity, bool) {
	t, ok := v.lru.Get(token)
	if !ok {
		return TokenIdentity{}, false
	}
	if now.Before(t.notBefore) || !now.Before(t.expiresAt) {
		v.lru.Remove(token)
		return TokenIdentity{}, false
	}
	return t.identity, true
}

// remember keeps a token that passed verification.
func (v *verifiedTokens) remember(token string, t verifiedToken) { v.lru.Add(token, t) }

// len is how many tokens are remembered.
func (v *verifiedTokens) len() int { return v.lru.Len() }
