package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/riverqueue/river"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/edgepage"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/invoicepdf"
	billingstripe "github.com/vidra-dev/vidra/internal/billing/stripe"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/cleanup"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/encodingprofile"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/player"
	"github.com/vidra-dev/vidra/internal/ratelimit"
	"github.com/vidra-dev/vidra/internal/upload"
	"github.com/vidra-dev/vidra/internal/usage"
	"github.com/vidra-dev/vidra/internal/vimeo"
	"github.com/vidra-dev/vidra/internal/webhooks"
	"gocloud.dev/blob"
)

// mediaParts are the media pipeline's pieces, built once per app.
type mediaParts struct {
	tools    media.Tools
	queue    *jobs.Queue
	pipeline *jobs.Pipeline
	signer   *playback.Signer
	policies playback.PolicySource
	uploads  *upload.Service
	play     *playback.Server
	// embed serves the embeddable player's page and oEmbed (package player).
	embed  *player.Server
	stop   context.CancelFunc
	events *webhooks.Recorder
	// analytics is the analytics store: the rollup and retention jobs, the
	// analytics writer and the resolvers' queries go through it.
	analytics *analytics.SQLStore
	// meter counts delivered usage in memory and flushes it every 10 s and at
	// shutdown (package usage).
	meter *usage.Meter
	// billing runs subscriptions; limits is the in-memory state of the plans'
	// hard limits, refreshed in every process.
	billing *billing.Service
	limits  *billing.Limits
	// stripe is the card gateway; nil while VIDRA_STRIPE_SECRET_KEY is empty.
	stripe *billingstripe.Gateway
	// pdfs renders invoice PDFs into the blob bucket (a periodic job and
	// invoicePDF on demand).
	pdfs *billing.PDFs
	// usageSource reads metered usage for the limits and the subscription's usage.
	usageSource billing.UsageSource
	// liveSlots is the process's budget of transcoded live renditions, which
	// the VOD transcodes yield to (internal/live/liveslots).
	liveSlots *liveslots.Budget
	// pageStats are PostgreSQL's column statistics the per-parent page
	// statements choose their form by (ent/edgepage); nil on SQLite.
	pageStats *edgepage.Stats
}

// billingAdvanceInterval is how often subscriptions are advanced (trial ends,
// period ends, grace periods); billingLimitsInterval how often each process
// refreshes its limit state (the metering flush interval).
const (
	billingAdvanceInterval = time.Minute
	billingLimitsInterval  = 10 * time.Second
	// pageStatsInterval is how often PostgreSQL's column statistics are read
	// again (autovacuum's ANALYZE changes them slowly).
	pageStatsInterval = 5 * time.Minute
	// billingPDFInterval is how often the PDFs of new invoices are rendered.
	billingPDFInterval = time.Minute
)

// newMedia opens the job queue (starting workers when configured) and builds the
// upload and playback services. Without ffmpeg it still succeeds: /health and the
// failed videos say why.
func newMedia(ctx context.Context, cfg config.Config, db *database.DB, bucket *blob.Bucket, limits *ratelimit.Store, log *slog.Logger, role string) (*mediaParts, error) {
	m := &mediaParts{tools: media.FindTools(cfg.Media.FFmpeg, cfg.Media.FFprobe),
		analytics: analytics.NewSQLStore(db.SQL, db.Dialect)}
	if m.tools.Missing != "" {
		log.WarnContext(ctx, "videos cannot be processed", "reason", m.tools.Missing)
	}
	secret, err := playbackSecret(cfg)
	if err != nil {
		return nil, err
	}
	if m.signer, err = playback.NewSigner(secret); err != nil {
		return nil, err
	}
	m.policies = playback.ProjectPolicies{Client: db.Client, Log: log}
	rec, deliverer, err := newWebhooks(cfg, db, log)
	if err != nil {
		return nil, err
	}
	m.events = rec
	mailer, err := mail.New(cfg.Auth.SMTPURL, cfg.Auth.MailFrom, log)
	if err != nil {
		return nil, err
	}
	m.billing = &billing.Service{Client: db.Client, Events: rec, Runtime: billing.Runtime{Log: log}}
	m.pdfs = &billing.PDFs{Client: db.Client, Bucket: bucket, Runtime: billing.Runtime{Log: log},
		Seller: invoicepdf.Party{Name: cfg.Seller.Name, Address: cfg.Seller.Address}}
	// The limits read the period's usage from metering (usage.Totals).
	m.usageSource = billing.UsageFunc(func(ctx context.Context, org uuid.UUID, from, to time.Time) (map[string]int64, error) {
		return usage.Totals(ctx, db.Client, org, from, to)
	})
	m.limits = &billing.Limits{Client: db.Client, Events: rec, Mailer: mailer, Runtime: billing.Runtime{Log: log}, Usage: m.usageSource}
	if m.stripe, err = newStripe(cfg, m.billing); err != nil {
		return nil, err
	}
	m.pipeline = &jobs.Pipeline{
		Client:   db.Client,
		Bucket:   bucket,
		Tools:    m.tools,
		Ladders:  encodingprofile.Ladders{Client: db.Client},
		Policies: m.policies,
		Log:      log,
		Events:   rec,
		Import: jobs.ImportLimits{
			MaxBytes:     cfg.Media.MaxImportSize,
			Timeout:      cfg.Media.ImportTimeout,
			AllowPrivate: cfg.Media.AllowPrivateNetworks,
		},
		Vimeo:     vimeo.New(cfg.Media.VimeoAPIURL),
		LiveSlots: liveslots.New(cfg.Ingest.TranscodeSlots),
		Captions: jobs.CaptionEngine{
			Engine:       speechEngine(cfg),
			ChunkSeconds: cfg.Captions.ChunkSeconds,
			Parallel:     cfg.Captions.Parallel,
		},
	}
	m.liveSlots = m.pipeline.LiveSlots
	opts := jobs.Options{
		Dialect:          db.Dialect,
		SQL:              db.SQL,
		DatabaseURL:      db.URL,
		MaxConns:         connectionPools(cfg).Queue,
		StartWait:        cfg.Database.StartWait,
		MediaConcurrency: cfg.Media.MediaConcurrency,
		JobTimeout:       cfg.Media.JobTimeout,
		PollInterval:     cfg.Media.JobPollInterval,
		Log:              log,
		// The liveness records get a client of their own over the same pool:
		// their background statements are no request's (tests count those).
		Client:    ent.NewClient(ent.Driver(db.Driver())),
		Role:      processRole(cfg, role),
		Heartbeat: cfg.Media.ProcessHeartbeat,
		Expiry:    cfg.Media.ProcessExpiry,

		WebhookConcurrency: cfg.Webhooks.Concurrency,
	}
	// The live recording finalizer (its Queue is set once the queue is open).
	finalize := &livehls.FinalizeWorker{Client: db.Client, Bucket: bucket, Tools: m.tools, Events: rec, Log: log}
	if cfg.Media.Workers {
		opts.Workers = m.pipeline.Workers()
		river.AddWorker(opts.Workers, finalize)
		deliverer.AddWorkers(opts.Workers)
		opts.Periodic = append(m.pipeline.Periodic(cfg.Media.SweepInterval), deliverer.Periodic(cfg.Media.SweepInterval))
		aj := &analytics.Jobs{Store: m.analytics, Log: log, Retention: analytics.Retention{
			Events: cfg.Analytics.EventsRetention, Views: cfg.Analytics.ViewsRetention, Hourly: cfg.Analytics.HourlyRetention}}
		aj.AddWorkers(opts.Workers)
		opts.Periodic = append(opts.Periodic, aj.Periodic(cfg.Analytics.RollupInterval)...)
		opts.Periodic = append(opts.Periodic, m.billing.Register(opts.Workers, billingAdvanceInterval)...)
		if m.stripe != nil {
			opts.Periodic = append(opts.Periodic, m.stripe.Register(opts.Workers, cfg.Stripe.ChargeInterval)...)
		}
		opts.Periodic = append(opts.Periodic, m.pdfs.RegisterPDFs(opts.Workers, billingPDFInterval)...)
		// Expired idempotency keys (24 h), refilled rate-limit buckets and
		// change log entries past the subscriptions' resume window are removed
		// at the media sweep's cadence.
		tasks := []cleanup.Task{{Name: "idempotency_keys", What: "expired idempotency keys",
			Delete: (&idempotency.Store{Client: db.Client}).DeleteExpired},
			{Name: "change_log", What: "change log entries past the resume window",
				Delete: func(ctx context.Context) (int, error) {
					return changefeed.Prune(ctx, db.Client, cfg.HTTP.WSResumeWindow)
				}}}
		if limits != nil {
			tasks = append(tasks, cleanup.Task{Name: "rate_limits", What: "rate limit buckets full again", Delete: limits.DeleteFull})
		}
		opts.Periodic = append(opts.Periodic, cleanup.Register(opts.Workers, log, cfg.Media.SweepInterval, tasks...)...)
	}
	if m.queue, err = jobs.Open(ctx, opts); err != nil {
		return nil, err
	}
	m.pipeline.Queue = m.queue
	finalize.Queue = m.queue
	if m.stripe != nil {
		m.stripe.Jobs = m.queue // a new card is charged at once
	}
	db.Client.BlobDeletion.Use(jobs.RemoveBlobsAfterCommit(m.queue, log))
	rec.Queue = m.queue
	m.uploads = &upload.Service{
		Client:    db.Client,
		Bucket:    bucket,
		Queue:     m.queue,
		Log:       log,
		Dir:       filepath.Join(cfg.DataDir, "uploads"),
		BucketDir: upload.BucketDirOf(cfg.StorageURL),
		S3Bucket:  upload.S3BucketOf(cfg.StorageURL),
		Events:    rec,
		Limits:    m.limits,
		// The stalled-upload check's look-ups are background statements.
		Probe: ent.NewClient(ent.Driver(db.Driver())),
	}
	m.pipeline.Uploads = m.uploads
	// Workers outlive the start-up context; Close stops them.
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	m.stop = stop
	if err := m.queue.Start(runCtx); err != nil {
		stop()
		_ = m.queue.Stop(ctx)
		return nil, fmt.Errorf("start job workers: %w", err)
	}
	go m.uploads.WatchStalled(runCtx, upload.StalledCheckInterval)
	m.meter = usage.NewMeter(db.Client, log)
	m.meter.Start(usage.FlushInterval)
	go m.limits.Run(runCtx, billingLimitsInterval)
	if db.Dialect == dialect.Postgres {
		// Read once before the process serves, so no request's statements
		// race the first read; then again every pageStatsInterval.
		m.pageStats = &edgepage.Stats{}
		if err := m.pageStats.Refresh(ctx, db.SQL); err != nil {
			log.WarnContext(ctx, "page statistics not read", "err", err)
		}
		go m.pageStats.Watch(runCtx, db.SQL, pageStatsInterval, log)
	}
	m.play = &playback.Server{
		Usage:          m.meter,
		Client:         db.Client,
		Bucket:         bucket,
		Signer:         m.signer,
		Policies:       m.policies,
		Log:            log,
		CountryHeader:  cfg.Media.CountryHeader,
		Limits:         m.limits,
		Tools:          m.tools,
		ImagesPerVideo: cfg.Media.ImagesPerVideo,
	}
	assets, err := player.LoadAssets()
	if err != nil {
		return nil, err
	}
	m.embed = &player.Server{
		Client:        db.Client,
		Signer:        m.signer,
		Policies:      m.policies,
		Assets:        assets,
		PublicURL:     strings.TrimRight(cfg.PublicURL, "/"),
		CountryHeader: cfg.Media.CountryHeader,
		Log:           log,
	}
	return m, nil
}

// close stops the workers, letting running jobs end within the timeout (they are
// retried elsewhere otherwise).
func (m *mediaParts) close(timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := m.queue.Stop(ctx)
	m.stop()
	if errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

// processRole names the process in its liveness record: the entry point's
// (Options.Role, "worker" for `vidra worker`), else "server" when it runs jobs
// beside the API, "api" otherwise.
func processRole(cfg config.Config, role string) string {
	switch {
	case role != "":
		return role
	case cfg.Media.Workers:
		return "server"
	default:
		return "api"
	}
}

// playbackSecret is VIDRA_PLAYBACK_SECRET, or a secret generated once and kept in
// <DataDir>/playback.key.
func playbackSecret(cfg config.Config) ([]byte, error) {
	if cfg.Media.PlaybackSecret != "" {
		return []byte(cfg.Media.PlaybackSecret), nil
	}
	path := filepath.Join(cfg.DataDir, "playback.key")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 64 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(raw)
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("keep playback secret: %w", err)
	}
	return []byte(secret), nil
}
