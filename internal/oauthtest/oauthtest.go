// Package oauthtest runs a fake OAuth 2 provider on loopback that speaks the
// authorization-code flow with PKCE (S256) and Google's userinfo or GitHub's
// /user and /user/emails APIs, for tests of OAuth sign-in.
package oauthtest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/vidra-dev/vidra/internal/auth"
)

// Account is the provider account that the next authorization signs in as.
type Account struct {
	Subject  string
	Email    string
	Verified bool
	Name     string
}

// Provider is a fake Google or GitHub.
type Provider struct {
	// Kind is google or github.
	Kind string
	// ClientID and ClientSecret are what the server must present.
	ClientID, ClientSecret string
	// Server is the loopback HTTP server.
	Server *httptest.Server

	mu      sync.Mutex
	account Account
	codes   map[string]grant
	tokens  map[string]Account
}

type grant struct {
	account             Account
	challenge, redirect string
}

// Start runs a fake provider of kind until the test ends.
func Start(t testing.TB, kind string) *Provider {
	p := &Provider{Kind: kind, ClientID: kind + "-client", ClientSecret: kind + "-secret",
		codes: map[string]grant{}, tokens: map[string]Account{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("GET /userinfo", p.userinfo)
	mux.HandleFunc("GET /user", p.githubUser)
	mux.HandleFunc("GET /user/emails", p.githubEmails)
	p.Server = httptest.NewServer(mux)
	t.Cleanup(p.Server.Close)
	return p
}

// Env is the server configuration that points Vidra at this provider.
func (p *Provider) Env() map[string]string {
	prefix := "VIDRA_" + strings.ToUpper(p.Kind) + "_"
	api := p.Server.URL
	if p.Kind == "google" {
		api += "/userinfo"
	}
	return map[string]string{
		prefix + "CLIENT_ID": p.ClientID, prefix + "CLIENT_SECRET": p.ClientSecret,
		prefix + "AUTH_URL": p.Server.URL + "/authorize", prefix + "TOKEN_URL": p.Server.URL + "/token",
		prefix + "API_URL": api,
	}
}

// SignInAs sets the account the next authorizations sign in as.
func (p *Provider) SignInAs(a Account) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.account = a
}

// authorize is the consent page: it approves at once and redirects with a code.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != p.ClientID || q.Get("response_type") != "code" ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("state") == "" {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	code := auth.RandomToken(16)
	p.mu.Lock()
	p.codes[code] = grant{account: p.account, challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri")}
	p.mu.Unlock()
	to, _ := url.Parse(q.Get("redirect_uri"))
	v := to.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	to.RawQuery = v.Encode()
	http.Redirect(w, r, to.String(), http.StatusFound)
}

// token exchanges a code, checking the client, the redirect URI and the PKCE verifier.
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		tokenError(w, "invalid_request")
		return
	}
	f := r.PostForm
	if f.Get("client_id") != p.ClientID || f.Get("client_secret") != p.ClientSecret {
		tokenError(w, "invalid_client")
		return
	}
	p.mu.Lock()
	g, ok := p.codes[f.Get("code")]
	delete(p.codes, f.Get("code"))
	p.mu.Unlock()
	sum := sha256.Sum256([]byte(f.Get("code_verifier")))
	if !ok || f.Get("grant_type") != "authorization_code" || f.Get("redirect_uri") != g.redirect ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
		tokenError(w, "invalid_grant")
		return
	}
	tok := auth.RandomToken(16)
	p.mu.Lock()
	p.tokens[tok] = g.account
	p.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 3600})
}

func tokenError(w http.ResponseWriter, code string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code})
}

// caller is the account of the request's bearer token.
func (p *Provider) caller(r *http.Request) (Account, bool) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	p.mu.Lock()
	defer p.mu.Unlock()
	a, found := p.tokens[tok]
	return a, ok && found
}

func (p *Provider) userinfo(w http.ResponseWriter, r *http.Request) {
	a, ok := p.caller(r)
	if !ok || p.Kind != "google" {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sub": a.Subject, "email": a.Email, "email_verified": a.Verified, "name": a.Name})
}

func (p *Provider) githubUser(w http.ResponseWriter, r *http.Request) {
	a, ok := p.caller(r)
	if !ok || p.Kind != "github" {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	id := 0
	for _, c := range a.Subject {
		id = id*10 + int(c-'0')
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "login": strings.ToLower(a.Name), "name": a.Name})
}

func (p *Provider) githubEmails(w http.ResponseWriter, r *http.Request) {
	a, ok := p.caller(r)
	if !ok || p.Kind != "github" {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	writeJSON(w, http.StatusOK, []map[string]any{
		{"email": "noreply@users.github.test", "primary": false, "verified": true},
		{"email": a.Email, "primary": true, "verified": a.Verified},
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
