package app

import (
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

// sharedLimiter counts the sign-in limits in PostgreSQL, which replicas share,
// so that they hold across replicas; nil (in process) on the embedded SQLite,
// which one process serves, and where a count written beside the mutation's
// open transaction would wait for its lock.
func sharedLimiter(db *database.DB) func(string, auth.Limit) auth.Bucket {
	if db.Dialect != dialect.Postgres || db.SQL == nil {
		return nil
	}
	return rateLimitStore(db).Limiter
}

// rateLimitStore is the database of the shared rate limits.
func rateLimitStore(db *database.DB) *ratelimit.Store {
	return &ratelimit.Store{Client: db.Client, SQL: db.SQL, Dialect: db.Dialect}
}

// newAuthDeps builds what accounts and sign-in need from the configuration: the
// token secret (generated into the data dir when not configured), the mailer and
// the OAuth providers that have a client id, and the rate limits kept in db.
func newAuthDeps(cfg config.Config, db *database.DB, opts Options) (graph.AuthDeps, error) {
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
	return graph.AuthDeps{
		Secret: secret, Mailer: mailer, PublicURL: cfg.PublicURL, Providers: providers, Limits: opts.AuthLimits,
		SharedLimiter: sharedLimiter(db),
	}, nil
}
