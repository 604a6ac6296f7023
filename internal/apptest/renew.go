package apptest

import (
	"net/http"
	"sync"
	"time"

	"github.com/vidra-dev/vidra/internal/auth"
)

// renewBefore is how long before its expiry a signed-in view's access token is
// renewed: long enough for a slow request started just before.
const renewBefore = 3 * time.Minute

// signedIn is the sign-in behind a view of the server: its access token and
// the refresh token that renews it. Copies of the view (As excepted) share it,
// so a renewal by one is seen by all.
type signedIn struct {
	mu      sync.Mutex
	access  string
	refresh string
	issued  time.Time
	// mine holds every access token this sign-in was given: a view whose
	// Token a test has set to another is not renewed.
	mine map[string]bool
}

// take records tokens just issued to the sign-in.
func (si *signedIn) take(tokens Tokens) {
	si.access, si.refresh, si.issued = tokens.AccessToken, tokens.RefreshToken, time.Now()
	if si.mine == nil {
		si.mine = map[string]bool{}
	}
	si.mine[tokens.AccessToken] = true
}

// SignedIn returns a view of the server that sends tokens' access token and,
// for a test that runs longer than an access token lives
// (auth.AccessTokenTTL), renews it with its refresh token before it expires,
// as a real client does.
func (s *Server) SignedIn(tokens Tokens) *Server {
	c := *s
	c.Token = tokens.AccessToken
	c.session = &signedIn{}
	c.session.take(tokens)
	return &c
}

// keep records tokens just issued to this view's sign-in (a switch of
// organization, say): later requests send them.
func (s *Server) keep(tokens Tokens) {
	s.Token = tokens.AccessToken
	if s.session == nil || tokens.RefreshToken == "" {
		return
	}
	s.session.mu.Lock()
	defer s.session.mu.Unlock()
	s.session.take(tokens)
}

// bearer is the access token to send: the view's own, or, while that is one
// its sign-in was given, the sign-in's newest, renewed first when it is about
// to expire.
func (s *Server) bearer() string {
	if s.session == nil || s.Token == "" {
		return s.Token
	}
	s.session.mu.Lock()
	defer s.session.mu.Unlock()
	if !s.session.mine[s.Token] {
		return s.Token
	}
	if time.Since(s.session.issued) > auth.AccessTokenTTL-renewBefore {
		var out struct{ RefreshToken Tokens }
		s.Anonymous().MustGraphQL(`mutation($r: String!) { refreshToken(refreshToken: $r) { `+SignInFields+` } }`,
			map[string]any{"r": s.session.refresh}, &out)
		s.session.take(out.RefreshToken)
	}
	return s.session.access
}

// authorize adds the bearer token unless the request already names a credential.
func (s *Server) authorize(req *http.Request) {
	if req.Header.Get("Authorization") != "" {
		return
	}
	if token := s.bearer(); token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
}
