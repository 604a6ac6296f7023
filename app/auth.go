package app

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/auth"
	"github.com/vidra-dev/vidra/config"
	"github.com/vidra-dev/vidra/database"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/mail"
	"github.com/vidra-dev/vidra/ratelimit"
)

// rateLimitPoolSize bounds the connections of the shared rate limits' own pool.
const rateLimitPoolSize = 4

// openRateLimits opens the shared rate limits on PostgreSQL, which replicas
// share, so that the sign-in limits hold across replicas. They count through
// a pool of their own (see ratelimit.Store.SQL). On the embedded SQLite, which
// one process serves, it returns nil: the limits count in process (a count
// written beside the mutation's open transaction would wait for its write lock).
func openRateLimits(ctx context.Context, db *database.DB) (*ratelimit.Store, error) {
	if db.Dialect != dialect.Postgres || db.URL == "" {
		return nil, nil
	}
	pool, name, err := database.OpenSQL(ctx, db.URL, "")
	if err != nil {
		return nil, fmt.Errorf("rate limits: %w", err)
	}
	pool.SetMaxOpenConns(rateLimitPoolSize)
	pool.SetMaxIdleConns(rateLimitPoolSize)
	return &ratelimit.Store{SQL: pool, Dialect: name}, nil
}

// newAuthDeps builds what accounts and sign-in need from the configuration: the
// token secret (generated into the data dir when not configured), the mailer and
// the OAuth providers that have a client id, and the shared rate limits (nil:
// in process).
func newAuthDeps(cfg config.Config, limits *ratelimit.Store, opts Options) (graph.AuthDeps, error) {
	secret, err := auth.LoadOrCreateSecret(cfg.Auth.JWTSecret, cfg.DataDir)
	if err != nil {
		return graph.AuthDeps{}, fmt.Errorf("jwt secret: %w", err)
	}
	mailer, err := mail.New(cfg.Auth.SMTPURL, cfg.Auth.MailFrom, opts.Log)
	if err != nil {
		return graph.AuthDeps{}, err
	}
	providers := map[string]*auth.Provider{}
	for _, p := range []struct {
		name     string
		cfg      config.OAuthProvider
		defaults auth.Endpoints
	}{{"google", cfg.Auth.Google, auth.GoogleEndpoints}, {"github", cfg.Auth.GitHub, auth.GitHubEndpoints}} {
		if p.cfg.ClientID == "" {
			continue
		}
		ep := p.defaults
		if p.cfg.AuthURL != "" {
			ep.AuthURL = p.cfg.AuthURL
		}
		if p.cfg.TokenURL != "" {
			ep.TokenURL = p.cfg.TokenURL
		}
		if p.cfg.APIURL != "" {
			ep.APIURL = p.cfg.APIURL
		}
		callback := strings.TrimRight(cfg.PublicURL, "/") + "/v1/auth/oauth2/" + p.name + "/callback"
		prov, err := auth.NewProvider(p.name, p.cfg.ClientID, p.cfg.ClientSecret, ep, callback)
		if err != nil {
			return graph.AuthDeps{}, err
		}
		providers[p.name] = prov
	}
	deps := graph.AuthDeps{
		Secret: secret, Mailer: mailer, PublicURL: cfg.PublicURL, Providers: providers, Limits: opts.AuthLimits,
		Hashing:        opts.PasswordHashing,
		RevealAccounts: cfg.Auth.AccountCheck == config.AccountCheckReveal,
	}
	if limits != nil {
		deps.SharedLimiter = limits.Limiter
	}
	return deps, nil
}
