// Package app assembles a Vidra server from its configuration: database, GraphQL,
// REST, health and metrics behind one HTTP handler.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/database/pglisten"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/storage"
	"gocloud.dev/blob"
)

// App is a running Vidra instance: its database and the HTTP handler that serves it.
type App struct {
	// Config is the configuration the app was built from.
	Config config.Config
	// DB is the opened, migrated database.
	DB *database.DB
	// Bucket is the blob storage of sources, renditions and images.
	Bucket *blob.Bucket
	// Resolver is the GraphQL dependency root.
	Resolver *graph.Resolver
	// Handler serves every route of the main listener.
	Handler http.Handler
	// Queue is the job queue (River); its workers run here unless VIDRA_WORKERS=false.
	Queue *jobs.Queue
	// AdminHandler serves only the admin routes, for their own listener (VIDRA_ADMIN_ADDR).
	AdminHandler http.Handler
	// AnalyticsHandler serves only the analytics routes, for their own listener
	// (VIDRA_ANALYTICS_ADDR).
	AnalyticsHandler http.Handler
	// Changes carries change notices to this process's subscriptions
	// (internal/app/changefeed.go).
	Changes *changefeed.Bus

	log       *slog.Logger
	media     *mediaParts
	analytics *analyticsParts
	// sessions is the session change feed on PostgreSQL, nil on SQLite.
	sessions *sessionFeed
	// listener is the process's listening connection on PostgreSQL, which
	// the change feed and the session feed share; nil on SQLite.
	listener *pglisten.Listener
	// closeLimits closes the shared rate limits' pool (PostgreSQL).
	closeLimits func() error
	// ingest is the live ingest node when StartIngest ran (internal/app/ingest.go).
	ingest *ingest.Server
	// outbound is the address policy of simulcast targets.
	outbound netguard.Policy
	// inFlight counts the requests being served, for the shutdown (internal/app/inflight.go).
	inFlight *inFlight
}

// Options are what the app needs beside the configuration.
type Options struct {
	// Version is the build's version.
	Version string
	// Log is the process logger; slog.Default() when nil.
	Log *slog.Logger
	// Limits bound GraphQL operations; gqlserver.DefaultLimits when zero.
	Limits gqlserver.Limits
	// AuthLimits are the sign-in rate limits; graph.DefaultAuthLimits when zero.
	AuthLimits graph.AuthLimits
	// PasswordHashing bounds concurrent password hashing; one slot per CPU
	// but one and auth.DefaultHashWait when zero.
	PasswordHashing auth.Hashing
	// Role names the process in its job liveness record ("worker" for `vidra
	// worker`); derived from the configuration when empty.
	Role string
	// HostResolver resolves the host names of simulcast targets, when they are
	// saved and when the ingest connects to them; net.DefaultResolver when nil.
	HostResolver netguard.Resolver
}

// New opens the database (applying pending migrations) and builds the handler.
func New(ctx context.Context, cfg config.Config, opts Options) (*App, error) {
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Limits == (gqlserver.Limits{}) {
		opts.Limits = gqlserver.DefaultLimits
	}
	pools := connectionPools(cfg)
	db, err := database.OpenWith(ctx, database.Settings{URL: cfg.DatabaseURL, DataDir: cfg.DataDir,
		MaxConns: pools.Main, StartWait: cfg.Database.StartWait, Log: opts.Log})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	a, err := NewWithDB(ctx, cfg, db, opts)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	if db.Dialect == dialect.Postgres {
		opts.Log.InfoContext(ctx, "database ready", "dialect", db.Dialect, "max_conns", pools.Total(),
			"main_pool", pools.Main, "queue_pool", pools.Queue, "rate_limit_pool", pools.RateLimits, "listen", pools.Listen)
	} else {
		opts.Log.InfoContext(ctx, "database ready", "dialect", db.Dialect)
	}
	return a, nil
}

// NewWithDB builds the app over an already opened database (tests use this with a
// fresh database each) and opens the blob storage.
func NewWithDB(ctx context.Context, cfg config.Config, db *database.DB, opts Options) (*App, error) {
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Limits == (gqlserver.Limits{}) {
		opts.Limits = gqlserver.DefaultLimits
	}
	regions := make([]*model.Region, len(cfg.Regions))
	for i, r := range cfg.Regions {
		regions[i] = &model.Region{ID: r.ID, Name: r.Name, Default: i == 0}
	}
	bucket, err := storage.Open(ctx, cfg.StorageURL)
	if err != nil {
		return nil, err
	}
	limits, err := openRateLimits(ctx, db, cfg, opts.Log)
	if err != nil {
		_ = bucket.Close()
		return nil, err
	}
	closeLimits := func() error {
		if limits == nil {
			return nil
		}
		return limits.SQL.Close()
	}
	authDeps, err := newAuthDeps(cfg, limits, opts)
	if err != nil {
		return nil, errors.Join(err, closeLimits(), bucket.Close())
	}
	mp, err := newMedia(ctx, cfg, db, bucket, limits, opts.Log, opts.Role)
	if err != nil {
		return nil, errors.Join(err, closeLimits(), bucket.Close())
	}
	// The analytics writer starts first: the resolvers erase through it.
	ap := newAnalytics(cfg, db, mp, opts.Log)
	// One listening connection per process on PostgreSQL, shared by the
	// change feed and the session feed.
	var listener *pglisten.Listener
	if db.Dialect == dialect.Postgres && db.URL != "" {
		listener = pglisten.Open(db.URL, opts.Log)
	}
	changes := newChangeFeed(db, listener, opts.Log)
	outbound := netguard.Policy{AllowPrivate: cfg.Media.AllowPrivateNetworks, Resolver: opts.HostResolver}
	resolver := graph.NewResolver(graph.Deps{
		AnalyticsEraser: ap.writer,
		Analytics:       mp.analytics,
		Auth:            authDeps,
		Client:          db.Client,
		SQL:             db.SQL,
		Dialect:         db.Dialect,
		Bucket:          bucket,
		Log:             opts.Log,
		Version:         opts.Version,
		Regions:         regions,
		HealthChecks: []graph.HealthCheck{
			{Name: "storage", Check: func(ctx context.Context) error { return storage.Check(ctx, bucket) }, Readiness: true},
			{Name: "queue", Check: mp.queue.Check, Readiness: true},
			// Only a process that runs media jobs needs ffmpeg to serve its role.
			{Name: "ffmpeg", Check: mp.tools.Check, Readiness: cfg.Media.Workers},
		},
		Media: graph.MediaDeps{
			Queue:         mp.queue,
			Signer:        mp.signer,
			Policies:      mp.policies,
			PublicURL:     strings.TrimRight(cfg.PublicURL, "/"),
			MaxUploadSize: cfg.Media.MaxUploadSize,
			Vimeo:         mp.pipeline.Vimeo,
			Speech:        mp.pipeline.Captions.Engine,
		},
		Webhooks: graph.WebhookDeps{
			Events:         mp.events,
			AllowPlainHTTP: cfg.Webhooks.AllowPrivateNetworks,
			SecretOverlap:  cfg.Webhooks.SecretOverlap,
		},
		Introspection: gqlserver.IntrospectionMode(cfg.HTTP.Introspection),
		Live:          graph.LiveDeps{URLs: cfg.LiveURLs, Outbound: outbound},
		Changes:       changes,
		PageStats:     mp.pageStats,
		Billing: graph.BillingDeps{Service: mp.billing, Limits: mp.limits, Usage: mp.usageSource, Stripe: mp.stripe,
			PDFs: mp.pdfs},
		Admission: gqlserver.Admission{Slots: cfg.HTTP.APIConcurrency, MaxWait: cfg.HTTP.APIQueueWait},
		Subscriptions: gqlserver.SubscriptionLimits{
			MaxConnectionsPerCaller:       cfg.HTTP.WSMaxConnectionsPerCaller,
			MaxSubscriptionsPerConnection: cfg.HTTP.WSMaxSubscriptionsPerConnection,
			CredentialRecheck:             cfg.HTTP.WSCredentialRecheck,
			AppOrigins:                    cfg.HTTP.AppOrigins,
			PublicURL:                     cfg.PublicURL,
		},
	})
	a := &App{Config: cfg, DB: db, Bucket: bucket, Resolver: resolver, Queue: mp.queue, log: opts.Log, media: mp, Changes: changes,
		closeLimits: closeLimits, listener: listener, outbound: outbound}
	a.analytics = ap
	if listener != nil {
		a.sessions = startSessionFeed(listener, resolver, opts.Log)
	}
	if err := a.routes(opts); err != nil {
		a.StopSessionFeed()
		a.StopChangeFeed()
		a.closeListener()
		return nil, errors.Join(err, a.StopAnalytics(), a.StopJobs(), closeLimits(), bucket.Close())
	}
	return a, nil
}

// Close ends the live sessions of this node (StopIngest), stops the job workers
// (running jobs get the shutdown timeout to end) and
// the session change feed, and releases the blob storage and the database.
func (a *App) Close() error {
	a.StopIngest()
	a.StopSessionFeed()
	a.StopChangeFeed()
	a.closeListener()
	return errors.Join(a.StopAnalytics(), a.StopUsage(), a.StopJobs(), a.StopRateLimits(), a.Bucket.Close(), a.DB.Close())
}

// StopUsage stops the usage meter's flush loop and writes what it still holds
// (within the shutdown timeout); the database stays open.
func (a *App) StopUsage() error {
	timeout := a.Config.ShutdownTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return a.media.meter.Close(ctx)
}

// FlushUsage writes the delivered usage counted so far (tests and the usage
// benchmarks call it; the meter flushes by itself every 10 s).
func (a *App) FlushUsage(ctx context.Context) error { return a.media.meter.Flush(ctx) }

// RefreshLimits recomputes the billing limit state now (tests call it after
// FlushUsage; every process refreshes it by itself every 10 s).
func (a *App) RefreshLimits(ctx context.Context) error { return a.media.limits.Refresh(ctx) }

// StopRateLimits closes the connection pool of the shared rate limits
// (PostgreSQL); sign-in attempts fail to be counted from then on.
func (a *App) StopRateLimits() error {
	return a.closeLimits()
}

// RefreshPageStats reads PostgreSQL's column statistics again now, as the
// process does every pageStatsInterval (ent/edgepage); a no-op on SQLite.
func (a *App) RefreshPageStats(ctx context.Context) error {
	if a.media.pageStats == nil {
		return nil
	}
	return a.media.pageStats.Refresh(ctx, a.DB.SQL)
}

// StopAnalytics writes the analytics events still queued (within the shutdown
// timeout) and stops the analytics writer; the database stays open.
func (a *App) StopAnalytics() error {
	timeout := a.Config.ShutdownTimeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return a.analytics.close(ctx)
}

// StopSessionFeed stops listening for session changes made by other
// processes (PostgreSQL only); from then on every bearer request reads its
// session in the database. The database stays open.
func (a *App) StopSessionFeed() {
	if a.sessions != nil {
		a.sessions.stop()
		a.sessions = nil
	}
}

// closeListener closes the listening connection (PostgreSQL), once its
// followers stopped.
func (a *App) closeListener() {
	if a.listener != nil {
		a.listener.Close()
	}
}

// StopJobs stops the job workers; the database and storage stay open.
func (a *App) StopJobs() error {
	return a.media.close(a.Config.ShutdownTimeout)
}
