package graph_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/oauthidentity"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/oauthtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

const (
	redirectOp = `mutation($p: String!) { oauthRedirect(provider: $p) { url state } }`
	callbackOp = `mutation($p: String!, $c: String!, $s: String) { oauthCallback(provider: $p, code: $c, state: $s) { ` +
		apptest.SignInFields + ` } }`
)

// oauthConsent starts a sign-in and follows the provider's consent redirect,
// returning the code and state the callback receives.
func oauthConsent(t *testing.T, s *apptest.Server, provider string) (code, state string) {
	t.Helper()
	var r struct{ OauthRedirect struct{ URL, State string } }
	s.Anonymous().MustGraphQL(redirectOp, map[string]any{"p": provider}, &r)
	u, _ := url.Parse(r.OauthRedirect.URL)
	if u.Query().Get("code_challenge_method") != "S256" || u.Query().Get("state") != r.OauthRedirect.State {
		t.Fatalf("redirect URL %s lacks PKCE or state", r.OauthRedirect.URL)
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noFollow.Get(r.OauthRedirect.URL)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil || res.StatusCode != http.StatusFound {
		t.Fatalf("consent: status %d location %q", res.StatusCode, res.Header.Get("Location"))
	}
	if !strings.HasSuffix(loc.Path, "/v1/auth/oauth2/"+provider+"/callback") {
		t.Fatalf("callback address %s", loc)
	}
	return loc.Query().Get("code"), loc.Query().Get("state")
}

func TestOAuthSignInCreatesLinksAndReusesAccounts(t *testing.T) {
	for _, kind := range []string{"google", "github"} {
		t.Run(kind, func(t *testing.T) {
			for _, d := range testdb.Dialects(t) {
				t.Run(d, func(t *testing.T) {
					t.Parallel()
					p := oauthtest.Start(t, kind)
					s := apptest.New(t, d, apptest.Options{Env: p.Env()})
					testOAuth(t, s, p, kind)
				})
			}
		})
	}
}

func testOAuth(t *testing.T, s *apptest.Server, p *oauthtest.Provider, kind string) {
	ctx := apptest.System()
	db := s.App.DB.Client
	anon := s.Anonymous()

	// A new account: created without a password, email verified, with a personal organization.
	p.SignInAs(oauthtest.Account{Subject: "1001", Email: "Lin@Example.test", Verified: true, Name: "Lin"})
	code, state := oauthConsent(t, s, kind)
	var out struct{ OauthCallback apptest.Tokens }
	anon.MustGraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}, &out)
	lin := out.OauthCallback
	if lin.User.Email != "lin@example.test" || lin.User.Name != "Lin" || lin.AccessToken == "" {
		t.Fatalf("callback = %+v", lin)
	}
	u := db.User.Query().Where(user.Email("lin@example.test")).WithMemberships().OnlyX(ctx)
	if u.PasswordHash != nil || u.EmailVerifiedAt == nil || len(u.Edges.Memberships) != 1 {
		t.Fatalf("oauth user: password %v verified %v memberships %d", u.PasswordHash != nil, u.EmailVerifiedAt, len(u.Edges.Memberships))
	}
	// The state works once.
	wantError(t, anon.GraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}), "INVALID_INPUT", "state is invalid, used or expired")

	// Same provider account again: same user.
	code, state = oauthConsent(t, s, kind)
	anon.MustGraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}, &out)
	if out.OauthCallback.User.ID != lin.User.ID {
		t.Fatalf("second sign-in made user %s, want %s", out.OauthCallback.User.ID, lin.User.ID)
	}
	// The account can then set a password and sign in with it.
	var sp struct{ SetPassword bool }
	s.As(lin.AccessToken).MustGraphQL(`mutation { setPassword(password: "walnut sonnet ember") }`, nil, &sp)
	s.Login("lin@example.test", "walnut sonnet ember")

	// Linking by verified email to an existing account whose email was verified keeps its password.
	owner := db.User.Query().Where(user.Email(apptest.DefaultEmail)).OnlyX(ctx)
	db.User.UpdateOne(owner).SetEmailVerifiedAt(time.Now()).ExecX(ctx)
	p.SignInAs(oauthtest.Account{Subject: "2002", Email: apptest.DefaultEmail, Verified: true, Name: "Someone"})
	code, state = oauthConsent(t, s, kind)
	anon.MustGraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}, &out)
	if out.OauthCallback.User.ID != owner.ID.String() {
		t.Fatalf("linked to %s, want the owner %s", out.OauthCallback.User.ID, owner.ID)
	}
	if n := db.OAuthIdentity.Query().Where(oauthidentity.UserID(owner.ID), oauthidentity.Provider(kind), oauthidentity.Subject("2002")).CountX(ctx); n != 1 {
		t.Fatalf("identities = %d", n)
	}
	s.Login(apptest.DefaultEmail, apptest.DefaultPassword)

	// Linking to an account whose email was never verified drops its password and sessions.
	squat := s.SignUp("victim@example.test", "quiet tundra falcon", "Squatter")
	p.SignInAs(oauthtest.Account{Subject: "3003", Email: "victim@example.test", Verified: true, Name: "Victim"})
	code, state = oauthConsent(t, s, kind)
	anon.MustGraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}, &out)
	wantError(t, s.As(squat.AccessToken).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
	wantError(t, anon.GraphQL(loginOp, map[string]any{"e": "victim@example.test", "p": "quiet tundra falcon"}), "UNAUTHENTICATED", "email or password is incorrect")

	// An unverified provider email is refused; so are a made-up code and a missing state.
	p.SignInAs(oauthtest.Account{Subject: "4004", Email: "unverified@example.test", Verified: false, Name: "U"})
	code, state = oauthConsent(t, s, kind)
	wantError(t, anon.GraphQL(callbackOp, map[string]any{"p": kind, "c": code, "s": state}), "FORBIDDEN",
		"the "+kind+" account has no verified email address")
	_, state = oauthConsent(t, s, kind)
	wantError(t, anon.GraphQL(callbackOp, map[string]any{"p": kind, "c": "made-up", "s": state}), "UNAUTHENTICATED",
		"the provider refused the authorization code: invalid_grant")
	wantError(t, anon.GraphQL(callbackOp, map[string]any{"p": kind, "c": "x"}), "INVALID_INPUT",
		"state is required: pass the state the provider returned to the callback")
	wantError(t, anon.GraphQL(callbackOp, map[string]any{"p": kind, "c": "x", "s": "forged"}), "INVALID_INPUT", "state is invalid, used or expired")
	other := map[string]string{"google": "github", "github": "google"}[kind]
	wantError(t, anon.GraphQL(redirectOp, map[string]any{"p": other}), "INVALID_INPUT",
		"sign-in with "+other+" is not configured on this server (VIDRA_"+strings.ToUpper(other)+"_CLIENT_ID)")
	wantError(t, anon.GraphQL(redirectOp, map[string]any{"p": "myspace"}), "INVALID_INPUT", `unknown provider "myspace": use google or github`)
	// Mixed with another mutation, the self-committing callback refuses rather than half-commit.
	wantError(t, anon.GraphQL(`mutation { a: oauthCallback(provider: "`+kind+`", code: "x", state: "y") { accessToken } b: forgotPassword(email: "a@b.test") }`, nil),
		"BAD_REQUEST", "oauthCallback must be the only field of its mutation")
}
