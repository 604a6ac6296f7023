package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/ratelimit"
)

// openRateLimits opens the shared rate limits on PostgreSQL, which replicas
// share, so that the sign-in limits hold across replicas. They count through
// a pool of their own (see ratelimit.Store.SQL). On the embedded SQLite, which
// one process serves, it returns nil: the limits count in process (a count
// written beside the mutation's open transaction would wait for its write lock).
// The pool takes its share of VIDRA_DB_MAX_CONNS (connectionPools).
func openRateLimits(ctx context.Context, db *database.DB, cfg config.Config, log *slog.Logger) (*ratelimit.Store, error) {
	if db.Dialect != dialect.Postgres || db.URL == "" {
		return nil, nil
	}
	pool, name, err := database.OpenPool(ctx, database.Settings{URL: db.URL,
		MaxConns: connectionPools(cfg).RateLimits, StartWait: cfg.Database.StartWait, Log: log})
	if err != nil {
		return nil, fmt.Errorf("rate limits: %w", err)
	}
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
