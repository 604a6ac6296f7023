package credential_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/credential"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// fixture is a database with a registered user, the account service that
// signed them in and the checker under test.
type fixture struct {
	w      *domaintest.World
	client *ent.Client
	check  *credential.Checker
	tokens *account.Tokens
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	acc := account.New(w.Client, account.Deps{
		Secret: []byte("test secret"), Password: auth.PasswordParams{Memory: 64, Time: 1, Threads: 1},
	}, nil)
	ctx := tenancy.SystemContext(auth.WithRequest(context.Background(), &auth.Request{IP: "192.0.2.1", UserAgent: "test"}), "credential test")
	tokens, err := acc.Register(ctx, account.RegisterInput{Email: "grace@example.org", Password: "correct horse battery"})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return &fixture{w: w, client: w.Client, tokens: tokens,
		check: credential.New(credential.Deps{Client: w.Client, Dialect: d, Account: acc})}
}

// apiKey stores an API key of Acme with secret, origin and expiry, and
// returns its id.
func (f *fixture) apiKey(t *testing.T, secret, origin string, expires time.Time) uuid.UUID {
	t.Helper()
	return f.client.APIKey.Create().SetOrganizationID(f.w.Org).SetCreatedBy(f.w.Ada.ID).SetName("ci").
		SetOrigin(origin).SetPrefix("vk_test").SetLast4(secret[len(secret)-4:]).SetSecretHash(auth.HashToken(secret)).
		SetGrants([]perm.Grant{}).SetExpiresAt(expires).SaveX(f.w.System).ID
}

func wantKind(t *testing.T, err error, kind fault.Kind, msg string) {
	t.Helper()
	if fault.KindOf(err) != kind || err.Error() != msg {
		t.Fatalf("got %v (%s), want %s: %q", err, fault.KindOf(err), kind, msg)
	}
}

// TestBearer checks access tokens: a good one gives the user's principal in
// their organization; a malformed header, a forged token and a revoked
// session are refused, the revocation at once although the session's check
// was remembered.
func TestBearer(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			ctx := context.Background()
			p, err := f.check.Bearer(ctx, "Bearer "+f.tokens.AccessToken)
			if err != nil {
				t.Fatal(err)
			}
			if p.Kind != auth.KindUser || p.UserID != f.tokens.User.ID || p.OrganizationID == uuid.Nil || p.Role != perm.Owner {
				t.Fatalf("principal = %+v, want the user as owner of their organization", p)
			}
			_, err = f.check.Bearer(ctx, "Basic abc")
			wantKind(t, err, fault.KindUnauthenticated, "Authorization header must be Bearer <access token>")
			if _, err = f.check.Bearer(ctx, "Bearer "+f.tokens.AccessToken+"x"); err == nil || err.Error() != "access token signature invalid" {
				t.Fatalf("a forged token: %v", err)
			}
			if _, err := f.check.Bearer(ctx, "bearer  "+f.tokens.AccessToken); err != nil {
				t.Fatalf("the scheme is case-insensitive: %v", err)
			}
			f.client.Session.Update().Where(session.UserID(f.tokens.User.ID)).SetRevokedAt(time.Now()).ExecX(f.w.System)
			_, err = f.check.Bearer(ctx, "Bearer "+f.tokens.AccessToken)
			wantKind(t, err, fault.KindUnauthenticated, "session has been revoked")
		})
	}
}

// TestAPIKey checks API keys: a live key gives its organization's API-key
// principal; an unknown or expired key is UNAUTHENTICATED and a browser
// origin other than the key's FORBIDDEN, which the middleware reports as 403.
func TestAPIKey(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			ctx := context.Background()
			id := f.apiKey(t, "vk_live_secret_1234", "https://app.example.com", time.Now().Add(time.Hour))
			f.apiKey(t, "vk_old_secret_9876", "*", time.Now().Add(-time.Minute))

			p, err := f.check.APIKey(ctx, "vk_live_secret_1234", "https://app.example.com")
			if err != nil || p.Kind != auth.KindAPIKey || p.APIKeyID != id || p.OrganizationID != f.w.Org || p.Role != perm.APIKey {
				t.Fatalf("principal = %+v, %v; want the key's", p, err)
			}
			_, err = f.check.APIKey(ctx, "vk_unknown", "")
			wantKind(t, err, fault.KindUnauthenticated, "API key is invalid or has been deleted")
			_, err = f.check.APIKey(ctx, "vk_old_secret_9876", "")
			wantKind(t, err, fault.KindUnauthenticated, "API key has expired")
			_, err = f.check.APIKey(ctx, "vk_live_secret_1234", "https://evil.example.net")
			wantKind(t, err, fault.KindForbidden, "origin https://evil.example.net is not the origin this API key is bound to")

			var seen *auth.Principal
			var refusal *auth.Request
			h := f.check.Authenticate(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				seen, refusal = auth.FromContext(r.Context()), auth.RequestFrom(r.Context())
			}))
			req := httptest.NewRequest(http.MethodGet, "/v1/projects", nil)
			req.Header.Set("X-API-Key", "vk_live_secret_1234")
			req.Header.Set("Origin", "https://evil.example.net")
			h.ServeHTTP(httptest.NewRecorder(), req)
			if seen != nil || refusal == nil || refusal.CredentialStatus != http.StatusForbidden {
				t.Fatalf("middleware: principal %+v, request %+v; want none and a 403 refusal", seen, refusal)
			}
			if ok, err := f.check.AnyAPIKeyAdmits(ctx, "https://app.example.com"); !ok || err != nil {
				t.Fatalf("preflight from the key's origin: %v, %v", ok, err)
			}
			if ok, err := f.check.AnyAPIKeyAdmits(ctx, "https://evil.example.net"); ok || err != nil {
				t.Fatalf("preflight from another origin (the wildcard key has expired): %v, %v", ok, err)
			}
		})
	}
}
