package apptest

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/auth"
)

// TestSignedInRenewsItsAccessToken: a signed-in view whose access token is
// about to expire renews it with its refresh token before its next request,
// copies of the view follow the renewal, and a view given another token (As)
// keeps sending that one.
func TestSignedInRenewsItsAccessToken(t *testing.T) {
	ForEachDialect(t, func(t *testing.T, s *Server) {
		copied := *s
		first := s.bearer()
		profile := func(v *Server) string {
			var out struct{ Profile struct{ Email string } }
			v.MustGraphQL(`{ profile { email } }`, nil, &out)
			return out.Profile.Email
		}
		if got := profile(s); got != DefaultEmail || s.bearer() != first {
			t.Fatalf("a fresh token: profile %q, renewed %v", got, s.bearer() != first)
		}
		s.session.mu.Lock()
		firstRefresh := s.session.refresh
		s.session.issued = time.Now().Add(-auth.AccessTokenTTL + renewBefore/2)
		s.session.mu.Unlock()
		if got := profile(s); got != DefaultEmail {
			t.Fatalf("after the renewal: profile %q", got)
		}
		renewed := s.bearer()
		s.session.mu.Lock()
		rotated, fresh := s.session.refresh != firstRefresh, time.Since(s.session.issued) < time.Minute
		s.session.mu.Unlock()
		// Within one second the new access token may equal the old one (the
		// same claims); the refresh token is rotated at every use.
		if !rotated || !fresh || !s.session.mine[renewed] {
			t.Fatal("an access token about to expire was not renewed")
		}
		if copied.bearer() != renewed || profile(&copied) != DefaultEmail {
			t.Fatal("a copy of the view does not send the renewed token")
		}
		other := s.SignUp("other@example.test", DefaultPassword, "Other").AccessToken
		if v := s.As(other); v.bearer() != other || profile(v) != "other@example.test" {
			t.Fatalf("a view given another token sends %q", v.bearer())
		}
		copied.Token = other
		if copied.bearer() != other {
			t.Fatal("a view whose token a test set sends its sign-in's instead")
		}
	})
}
