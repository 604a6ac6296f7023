package graph_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
)

// TestAccountCheckRevealsNothingByDefault: by default checkAccount gives an
// anonymous caller the same answer, over GraphQL and REST, for an account with
// a password, one without (made through OAuth) and an address with no account,
// so it is no oracle of which addresses have accounts; it is still rate
// limited; a malformed address is still INVALID_INPUT.
func TestAccountCheckRevealsNothingByDefault(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.CheckAccountPerIP = auth.Limit{Burst: 6, Every: time.Hour} // the six answers below
	forEachDialectWith(t, func(*testing.T) apptest.Options { return apptest.Options{AuthLimits: limits} }, func(t *testing.T, s *apptest.Server) {
		s.App.DB.Client.User.Create().SetEmail("oauth-only@example.test").SetName("O").ExecX(apptest.System())
		anon := s.Anonymous()
		const check = `mutation($e: String!) { checkAccount(email: $e) { exists hasPassword } }`
		var answers [][]byte
		for _, email := range []string{apptest.DefaultEmail, "oauth-only@example.test", "nobody@example.test"} {
			res := anon.GraphQL(check, map[string]any{"e": email})
			if len(res.Errors) > 0 {
				t.Fatalf("%s: %+v", email, res.Errors)
			}
			answers = append(answers, res.Data)
			status, env := anon.REST("POST", "/v1/auth/check-account", `{"email": "`+email+`"}`)
			if status != 200 {
				t.Fatalf("REST %s: %d %+v", email, status, env)
			}
			answers = append(answers, env.Result)
		}
		for i, a := range answers {
			if !bytes.Equal(a, answers[i%2]) {
				t.Errorf("answer %d is %s, want the same as for the owner's address: %s", i, a, answers[i%2])
			}
		}
		wantError(t, anon.GraphQL(check, map[string]any{"e": "not an address"}), "INVALID_INPUT", "")
		wantError(t, anon.GraphQL(check, map[string]any{"e": "x@example.test"}), "RATE_LIMITED", "")
	})
}
