package graph_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/auth"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
)

func TestRateLimitsPerAccountAndPerAddress(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.LoginPerAccount = auth.Limit{Burst: 3, Every: time.Hour}
	limits.RegisterPerIP = auth.Limit{Burst: 3, Every: time.Hour} // the default user takes one
	limits.CheckAccountPerIP = auth.Limit{Burst: 2, Every: time.Hour}
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: limits} }, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		wantLimited := func(op string, vars map[string]any) {
			t.Helper()
			status, hdr, res := rawGraphQL(t, anon, op, vars, nil)
			wantError(t, res, "RATE_LIMITED", "")
			if status != http.StatusOK || hdr.Get("Retry-After") == "" || res.Errors[0].Extensions["retryAfter"] == nil {
				t.Fatalf("rate limited without Retry-After: %v %v", hdr, res.Errors[0].Extensions)
			}
		}
		// Per account: wrong and right passwords alike count, for this account only.
		for range 3 {
			wantError(t, anon.GraphQL(loginOp, map[string]any{"e": apptest.DefaultEmail, "p": "guess guess"}), "UNAUTHENTICATED", "")
		}
		wantLimited(loginOp, map[string]any{"e": "Owner@Example.test", "p": apptest.DefaultPassword})
		s.SignUp("second@example.test", "second password", "Second")
		s.Login("second@example.test", "second password")

		// Per address: registration.
		s.SignUp("third@example.test", "third password", "Third")
		wantLimited(`mutation { register(input: {email: "fourth@example.test", password: "fourth password"}) { accessToken } }`, nil)

		const check = `mutation($e: String!) { checkAccount(email: $e) { exists hasPassword } }`
		var c struct {
			CheckAccount struct{ Exists, HasPassword bool }
		}
		anon.MustGraphQL(check, map[string]any{"e": "SECOND@example.test"}, &c)
		if !c.CheckAccount.Exists || !c.CheckAccount.HasPassword {
			t.Fatalf("checkAccount = %+v", c)
		}
		anon.MustGraphQL(check, map[string]any{"e": "nobody@example.test"}, &c)
		if c.CheckAccount.Exists || c.CheckAccount.HasPassword {
			t.Fatalf("checkAccount(unknown) = %+v", c)
		}
		wantLimited(check, map[string]any{"e": "x@example.test"})
	})
}

// TestRegistrationAndAccountCheckAreLimitedPerAccount: with generous per-address
// limits, asking about one address too often is refused for that address only.
func TestRegistrationAndAccountCheckAreLimitedPerAccount(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.RegisterPerAccount = auth.Limit{Burst: 2, Every: time.Hour}
	limits.CheckPerAccount = auth.Limit{Burst: 2, Every: time.Hour}
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: limits} }, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		const check = `mutation($e: String!) { checkAccount(email: $e) { exists } }`
		for range 2 {
			anon.MustGraphQL(check, map[string]any{"e": "Target@example.test"}, nil)
		}
		wantError(t, anon.GraphQL(check, map[string]any{"e": "target@EXAMPLE.test"}), "RATE_LIMITED", "")
		anon.MustGraphQL(check, map[string]any{"e": "someone.else@example.test"}, nil)

		const register = `mutation($e: String!) { register(input: {email: $e, password: "long enough pw"}) { accessToken } }`
		anon.MustGraphQL(register, map[string]any{"e": "taken@example.test"}, nil)
		wantError(t, anon.GraphQL(register, map[string]any{"e": "taken@example.test"}), "CONFLICT", "")
		wantError(t, anon.GraphQL(register, map[string]any{"e": "Taken@example.test"}), "RATE_LIMITED", "")
		anon.MustGraphQL(register, map[string]any{"e": "fresh@example.test"}, nil)
	})
}
