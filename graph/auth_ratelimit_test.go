package graph_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
)

func TestRateLimitsPerAccountAndPerAddress(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.LoginPerAccount = auth.Limit{Burst: 3, Every: time.Hour}
	limits.RegisterPerIP = auth.Limit{Burst: 3, Every: time.Hour} // the default user takes one
	limits.CheckAccountPerIP = auth.Limit{Burst: 2, Every: time.Hour}
	// checkAccount tells the truth only when configured to (auth_account_check_test.go).
	reveal := map[string]string{"VIDRA_ACCOUNT_CHECK": "reveal"}
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: limits, Env: reveal} }, func(t *testing.T, s *apptest.Server) {
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
		s.SignUp("second@example.test", "amber lantern drift", "Second")
		s.Login("second@example.test", "amber lantern drift")

		// Per address: registration.
		s.SignUp("third@example.test", "copper meadow sprig", "Third")
		wantLimited(`mutation { register(input: {email: "fourth@example.test", password: "violet harbor quay"}) { accessToken } }`, nil)

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

// TestPasswordFloodFromOneAddressDoesNotLockTheOwnerOut: wrong passwords for an
// account from address A exhaust A's attempts on it (429 with Retry-After over
// REST, RATE_LIMITED over GraphQL, the right password included), while the owner
// signing in from address B is not refused.
func TestPasswordFloodFromOneAddressDoesNotLockTheOwnerOut(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.LoginPerAccount = auth.Limit{Burst: 3, Every: time.Hour}
	opts := func(*testing.T) apptest.Options {
		return apptest.Options{AuthLimits: limits, Env: map[string]string{"VIDRA_TRUSTED_PROXIES": "127.0.0.0/8"}}
	}
	forEachDialectWith(t, opts, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		fromA, fromB := forwarded("203.0.113.10"), forwarded("198.51.100.20")
		login := func(password string, from http.Header) (int, http.Header) {
			t.Helper()
			req, err := http.NewRequest("POST", s.URL+"/v1/auth/login",
				strings.NewReader(`{"email": "`+apptest.DefaultEmail+`", "password": "`+password+`"}`))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", from.Get("X-Forwarded-For"))
			res, err := s.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = res.Body.Close()
			return res.StatusCode, res.Header
		}
		for i := range 3 {
			if status, _ := login("not the password", fromA); status != http.StatusUnauthorized {
				t.Fatalf("wrong password %d from A: status %d, want 401", i+1, status)
			}
		}
		for _, password := range []string{"not the password", apptest.DefaultPassword} {
			status, hdr := login(password, fromA)
			if status != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" {
				t.Fatalf("from A after the flood: status %d, Retry-After %q; want 429 with Retry-After", status, hdr.Get("Retry-After"))
			}
		}
		_, _, res := rawGraphQL(t, anon, loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}, fromA)
		wantError(t, res, "RATE_LIMITED", "")
		// The owner, from elsewhere, over REST and GraphQL.
		if status, _ := login(apptest.DefaultPassword, fromB); status != http.StatusOK {
			t.Fatalf("owner from B: status %d, want 200", status)
		}
		if _, _, res := rawGraphQL(t, anon, loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}, fromB); len(res.Errors) > 0 {
			t.Fatalf("owner from B over GraphQL: %+v", res.Errors)
		}
	})
}
