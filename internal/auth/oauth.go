package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// Endpoints are an OAuth provider's addresses; tests point them at a fake on loopback.
type Endpoints struct {
	// AuthURL is the authorization page.
	AuthURL string
	// TokenURL exchanges a code for a token.
	TokenURL string
	// APIURL is Google's userinfo endpoint, or GitHub's API base (…/user, …/user/emails).
	APIURL string
}

// GoogleEndpoints are Google's production addresses.
var GoogleEndpoints = Endpoints{
	AuthURL:  "https://accounts.google.com/o/oauth2/v2/auth",
	TokenURL: "https://oauth2.googleapis.com/token",
	APIURL:   "https://openidconnect.googleapis.com/v1/userinfo",
}

// GitHubEndpoints are GitHub's production addresses.
var GitHubEndpoints = Endpoints{
	AuthURL:  "https://github.com/login/oauth/authorize",
	TokenURL: "https://github.com/login/oauth/access_token",
	APIURL:   "https://api.github.com",
}

// Provider is one configured OAuth sign-in provider.
type Provider struct {
	// Name is google or github.
	Name   string
	config oauth2.Config
	api    string
	client *http.Client
}

// NewProvider configures a provider; redirectURL is Vidra's callback address.
func NewProvider(name, clientID, clientSecret string, ep Endpoints, redirectURL string) (*Provider, error) {
	var scopes []string
	switch name {
	case "google":
		scopes = []string{"openid", "email", "profile"}
	case "github":
		scopes = []string{"read:user", "user:email"}
	default:
		return nil, fmt.Errorf("unknown OAuth provider %q", name)
	}
	return &Provider{
		Name: name,
		config: oauth2.Config{
			ClientID: clientID, ClientSecret: clientSecret, RedirectURL: redirectURL, Scopes: scopes,
			Endpoint: oauth2.Endpoint{AuthURL: ep.AuthURL, TokenURL: ep.TokenURL, AuthStyle: oauth2.AuthStyleInParams},
		},
		api:    strings.TrimRight(ep.APIURL, "/"),
		client: &http.Client{Timeout: 15 * time.Second},
	}, nil
}

// AuthCodeURL is where the user is sent to consent, with state and the PKCE
// challenge (S256) of verifier.
func (p *Provider) AuthCodeURL(state, verifier string) string {
	return p.config.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier))
}

// ExternalUser is the provider's account as Vidra needs it.
type ExternalUser struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	AvatarURL     string
}

// ErrExchange means the provider refused the code (wrong, expired, or PKCE mismatch).
var ErrExchange = errors.New("the provider refused the authorization code")

// Exchange trades the code (with the PKCE verifier) for a token and reads the account.
func (p *Provider) Exchange(ctx context.Context, code, verifier string) (*ExternalUser, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, p.client)
	tok, err := p.config.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			return nil, fmt.Errorf("%w: %s", ErrExchange, re.ErrorCode)
		}
		return nil, err
	}
	client := p.config.Client(ctx, tok)
	if p.Name == "google" {
		return p.googleUser(ctx, client)
	}
	return p.githubUser(ctx, client)
}

func (p *Provider) googleUser(ctx context.Context, c *http.Client) (*ExternalUser, error) {
	var u struct {
		Sub           string `json:"sub"`
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
		Picture       string `json:"picture"`
	}
	if err := getJSON(ctx, c, p.api, &u); err != nil {
		return nil, err
	}
	if u.Sub == "" {
		return nil, errors.New("google userinfo without sub")
	}
	return &ExternalUser{Subject: u.Sub, Email: u.Email, EmailVerified: u.EmailVerified, Name: u.Name, AvatarURL: u.Picture}, nil
}

func (p *Provider) githubUser(ctx context.Context, c *http.Client) (*ExternalUser, error) {
	var u struct {
		ID        int64  `json:"id"`
		Login     string `json:"login"`
		Name      string `json:"name"`
		AvatarURL string `json:"avatar_url"`
	}
	if err := getJSON(ctx, c, p.api+"/user", &u); err != nil {
		return nil, err
	}
	if u.ID == 0 {
		return nil, errors.New("github user without id")
	}
	var emails []struct {
		Email    string `json:"email"`
		Primary  bool   `json:"primary"`
		Verified bool   `json:"verified"`
	}
	if err := getJSON(ctx, c, p.api+"/user/emails", &emails); err != nil {
		return nil, err
	}
	out := &ExternalUser{Subject: strconv.FormatInt(u.ID, 10), Name: u.Name, AvatarURL: u.AvatarURL}
	if out.Name == "" {
		out.Name = u.Login
	}
	for _, e := range emails {
		if e.Primary {
			out.Email, out.EmailVerified = e.Email, e.Verified
		}
	}
	return out, nil
}

// getJSON GETs a provider API URL and decodes the JSON answer.
func getJSON(ctx context.Context, c *http.Client, url string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", url, res.StatusCode)
	}
	return json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(out)
}
