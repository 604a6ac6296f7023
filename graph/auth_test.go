package graph_test

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/apptest"
)

const (
	loginOp   = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { ` + apptest.SignInFields + ` } }`
	refreshOp = `mutation($t: String!) { refreshToken(refreshToken: $t) { ` + apptest.SignInFields + ` } }`
	whoAmIOp  = `{ apiAccessCheck { kind user { email } sessionID organization { name } role rights } }`
)

type accessCheck struct {
	APIAccessCheck struct {
		Kind         string
		User         struct{ Email string }
		SessionID    string
		Organization struct{ Name string }
		Role         string
		Rights       []string
	}
}

func TestRegisterCreatesUserWithPersonalOrganization(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		ctx := apptest.System()
		tok := s.SignUp("  Ada@Example.TEST ", "analytical brass engine", "Ada")
		if tok.User.Email != "ada@example.test" || tok.User.Name != "Ada" || tok.TokenType != "Bearer" || tok.ExpiresIn != 900 {
			t.Fatalf("register = %+v", tok)
		}
		db := s.App.DB.Client
		u := db.User.Query().Where(user.Email("ada@example.test")).OnlyX(ctx)
		if u.PasswordHash == nil || !strings.HasPrefix(*u.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") || u.EmailVerifiedAt != nil {
			t.Fatalf("stored user: hash %v verified %v", u.PasswordHash != nil, u.EmailVerifiedAt)
		}
		m := db.Membership.Query().Where(membership.UserID(u.ID)).WithOrganization().OnlyX(ctx)
		if m.Role != membership.RoleOwner || m.Edges.Organization.Name != "Ada's organization" {
			t.Fatalf("membership = %s in %q", m.Role, m.Edges.Organization.Name)
		}
		var who accessCheck
		s.As(tok.AccessToken).MustGraphQL(whoAmIOp, nil, &who)
		w := who.APIAccessCheck
		if w.Kind != "USER" || w.User.Email != "ada@example.test" || w.Organization.Name != "Ada's organization" ||
			w.Role != "owner" || strings.Join(w.Rights, ",") != "read,write,delete" || w.SessionID == "" {
			t.Fatalf("apiAccessCheck = %+v", w)
		}

		// Bad input, each with its field and code.
		reg := `mutation($in: RegisterInput!) { register(input: $in) { accessToken } }`
		for _, c := range []struct {
			in         map[string]any
			code, want string
		}{
			{map[string]any{"email": "ADA@example.test", "password": "another velvet compass"}, "CONFLICT", "an account with this email already exists"},
			{map[string]any{"email": "bob@example.test", "password": "short"}, "INVALID_INPUT", "password must be at least 8 characters"},
			{map[string]any{"email": "bob@example.test", "password": "Bob@Example.test"}, "INVALID_INPUT", "password must not be the email address"},
			{map[string]any{"email": "not an email", "password": "long enough"}, "INVALID_INPUT", `"not an email" is not an email address`},
			// Guessable passwords, judged by the strength estimator with the
			// account's own email and name.
			{map[string]any{"email": "bob@example.test", "password": "12345678"}, "INVALID_INPUT",
				"password is too easy to guess: it is or contains a common password; a few unrelated words, or a longer password, make a strong one"},
			{map[string]any{"email": "bob@example.test", "password": "password"}, "INVALID_INPUT",
				"password is too easy to guess: it is or contains a common password; a few unrelated words, or a longer password, make a strong one"},
			{map[string]any{"email": "bob@example.test", "password": "qwertyuiop"}, "INVALID_INPUT", ""},
			{map[string]any{"email": "bob.stone@example.test", "password": "bobstone2024", "name": "Bob Stone"}, "INVALID_INPUT", ""},
		} {
			res := s.Anonymous().GraphQL(reg, map[string]any{"in": c.in})
			wantError(t, res, c.code, c.want)
		}
		if n := db.User.Query().CountX(ctx); n != 2 {
			t.Fatalf("users = %d, want 2 (default owner and Ada)", n)
		}
	})
}

func TestLoginRefreshRotationReuseAndLogout(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		ctx := apptest.System()
		anon := s.Anonymous()
		// Unknown email and wrong password answer alike.
		wantError(t, anon.GraphQL(loginOp, map[string]any{"e": "nobody@example.test", "p": "whatever123"}), "UNAUTHENTICATED", "email or password is incorrect")
		wantError(t, anon.GraphQL(loginOp, map[string]any{"e": apptest.DefaultEmail, "p": "wrong password"}), "UNAUTHENTICATED", "email or password is incorrect")

		first := s.Login(" OWNER@example.test", apptest.DefaultPassword)
		var who accessCheck
		s.As(first.AccessToken).MustGraphQL(whoAmIOp, nil, &who)
		sid := uuid.MustParse(who.APIAccessCheck.SessionID)

		var out struct{ RefreshToken apptest.Tokens }
		anon.MustGraphQL(refreshOp, map[string]any{"t": first.RefreshToken}, &out)
		second := out.RefreshToken
		if second.RefreshToken == first.RefreshToken || second.AccessToken == "" || second.User.Email != apptest.DefaultEmail {
			t.Fatalf("refresh did not rotate: %+v", second)
		}
		// Tokens are stored hashed: neither the raw refresh token nor the access token is in the table.
		for _, rt := range s.App.DB.Client.RefreshToken.Query().AllX(ctx) {
			if rt.TokenHash == second.RefreshToken || len(rt.TokenHash) != 64 {
				t.Fatalf("refresh token stored as %q", rt.TokenHash)
			}
		}
		s.As(second.AccessToken).MustGraphQL(whoAmIOp, nil, &who)
		if who.APIAccessCheck.SessionID != sid.String() {
			t.Fatalf("refresh moved to session %s, want %s", who.APIAccessCheck.SessionID, sid)
		}

		// Reusing the first refresh token revokes the session: the newest tokens stop too.
		wantError(t, anon.GraphQL(refreshOp, map[string]any{"t": first.RefreshToken}), "UNAUTHENTICATED",
			"refresh token was already used; the session has been revoked")
		if s.App.DB.Client.Session.GetX(ctx, sid).RevokedAt == nil {
			t.Fatal("session not revoked after refresh token reuse")
		}
		wantError(t, s.As(second.AccessToken).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		wantError(t, anon.GraphQL(refreshOp, map[string]any{"t": second.RefreshToken}), "UNAUTHENTICATED",
			"the session of this refresh token has been revoked")
		wantError(t, anon.GraphQL(refreshOp, map[string]any{"t": "made-up"}), "UNAUTHENTICATED", "refresh token is invalid")

		// Logout ends the session at once.
		third := s.Login(apptest.DefaultEmail, apptest.DefaultPassword)
		var lo struct{ Logout bool }
		s.As(third.AccessToken).MustGraphQL(`mutation { logout }`, nil, &lo)
		if !lo.Logout {
			t.Fatal("logout = false")
		}
		wantError(t, s.As(third.AccessToken).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		wantError(t, anon.GraphQL(refreshOp, map[string]any{"t": third.RefreshToken}), "UNAUTHENTICATED",
			"the session of this refresh token has been revoked")
	})
}

func TestEveryNonPublicRootFieldNeedsACredential(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		anon := s.Anonymous()
		for _, q := range []string{
			`{ organizations(first: 1) { totalCount } }`,
			`{ profile { id } }`,
			`{ sessions { id } }`,
			`mutation { createOrganization(input: {name: "x"}) { id } }`,
			`mutation { logout }`,
		} {
			wantError(t, anon.GraphQL(q, nil), "UNAUTHENTICATED", "sign in required: send Authorization: Bearer <access token>")
		}
		var pub struct{ Service struct{ Name string } }
		anon.MustGraphQL(`{ service { name } health { ok } regions { id } }`, nil, &pub)
		if pub.Service.Name != "vidra" {
			t.Fatalf("service = %+v", pub)
		}
		// A bad credential does not block public fields but is reported on the others.
		anon.MustGraphQL(`{ service { name } }`, nil, nil, bearer("garbage"))
		wantError(t, anon.GraphQL(`{ profile { id } }`, nil, bearer("garbage")), "UNAUTHENTICATED", "access token invalid")
	})
}

func TestTamperedAccessTokensAreRefused(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		good := s.Token
		parts := strings.Split(good, ".")
		claims, _ := base64.RawURLEncoding.DecodeString(parts[1])
		none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + "."
		forged := strings.Replace(string(claims), `"sub":"`, `"sub":"0`, 1)
		tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts[2]
		other, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "vidra", "sub": uuid.NewString(),
			"sid": uuid.NewString(), "exp": time.Now().Add(time.Hour).Unix()}).SignedString([]byte("another secret of at least 32 bytes!"))
		hs512, _ := jwt.NewWithClaims(jwt.SigningMethodHS512, jwt.MapClaims{"iss": "vidra"}).SignedString([]byte("x"))
		for name, c := range map[string]struct{ token, msg string }{
			"alg none":        {none, "access token algorithm not accepted"},
			"edited claims":   {tampered, "access token signature invalid"},
			"wrong key":       {other, "access token signature invalid"},
			"other algorithm": {hs512, "access token algorithm not accepted"},
			"not a jwt":       {"abc", "access token invalid"},
		} {
			t.Run(name, func(t *testing.T) {
				wantError(t, s.GraphQL(`{ profile { id } }`, nil, bearer(c.token)), "UNAUTHENTICATED", c.msg)
			})
		}
		wantError(t, s.GraphQL(`{ profile { id } }`, nil, map[string][]string{"Authorization": {"Basic abc"}}),
			"UNAUTHENTICATED", "Authorization header must be Bearer <access token>")
		var p struct{ Profile struct{ Email string } }
		s.MustGraphQL(`{ profile { email } }`, nil, &p, bearer(good))
		if p.Profile.Email != apptest.DefaultEmail {
			t.Fatalf("profile = %+v", p)
		}
	})
}

func TestSessionsListDeleteOneAndOthers(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		ctx := apptest.System()
		firefox := map[string][]string{"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"}}
		var login struct{ Login apptest.Tokens }
		s.Anonymous().MustGraphQL(loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}, &login, firefox)
		laptop := login.Login.AccessToken
		phone := s.Login(apptest.DefaultEmail, apptest.DefaultPassword).AccessToken

		type sess struct {
			ID, Device, UserAgent, IPAddress string
			Current                          bool
		}
		var list struct{ Sessions []sess }
		s.As(laptop).MustGraphQL(`{ sessions { id device userAgent ipAddress current createdAt lastSeenAt } }`, nil, &list)
		if len(list.Sessions) != 3 {
			t.Fatalf("sessions = %+v, want 3 (sign-up, laptop, phone)", list.Sessions)
		}
		var current []sess
		for _, x := range list.Sessions {
			if x.IPAddress != "127.0.0.1" {
				t.Fatalf("ip = %q", x.IPAddress)
			}
			if x.Current {
				current = append(current, x)
			}
		}
		if len(current) != 1 || current[0].Device != "Firefox on Linux" {
			t.Fatalf("current sessions = %+v", current)
		}
		var phoneWho accessCheck
		s.As(phone).MustGraphQL(whoAmIOp, nil, &phoneWho)

		var del struct{ DeleteSession string }
		s.As(laptop).MustGraphQL(`mutation($id: ID!) { deleteSession(id: $id) }`, map[string]any{"id": phoneWho.APIAccessCheck.SessionID}, &del)
		if del.DeleteSession != phoneWho.APIAccessCheck.SessionID {
			t.Fatalf("deleteSession = %q", del.DeleteSession)
		}
		wantError(t, s.As(phone).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		wantError(t, s.As(laptop).GraphQL(`mutation($id: ID!) { deleteSession(id: $id) }`, map[string]any{"id": phoneWho.APIAccessCheck.SessionID}),
			"NOT_FOUND", "session not found")
		// Another user's session is not found either.
		other := s.SignUp("eve@example.test", "glacier ember violin", "Eve")
		wantError(t, s.As(other.AccessToken).GraphQL(`mutation($id: ID!) { deleteSession(id: $id) }`, map[string]any{"id": current[0].ID}),
			"NOT_FOUND", "session not found")

		var others struct{ DeleteOtherSessions int }
		s.As(laptop).MustGraphQL(`mutation { deleteOtherSessions }`, nil, &others)
		if others.DeleteOtherSessions != 1 {
			t.Fatalf("deleteOtherSessions = %d, want 1 (the sign-up session)", others.DeleteOtherSessions)
		}
		wantError(t, s.GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		s.As(laptop).MustGraphQL(whoAmIOp, nil, nil)
		owner := s.App.DB.Client.User.Query().Where(user.Email(apptest.DefaultEmail)).OnlyX(ctx)
		if n := s.App.DB.Client.Session.Query().Where(session.UserID(owner.ID), session.RevokedAtIsNil()).CountX(ctx); n != 1 {
			t.Fatalf("active sessions = %d, want 1", n)
		}
	})
}

func TestCreateOrganizationMakesCallerOwner(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		m := s.App.DB.Client.Membership.Query().Where(membership.OrganizationID(uuid.MustParse(org))).WithUser().OnlyX(apptest.System())
		if m.Role != membership.RoleOwner || m.Edges.User.Email != apptest.DefaultEmail {
			t.Fatalf("membership = %s of %s", m.Role, m.Edges.User.Email)
		}
	})
}
