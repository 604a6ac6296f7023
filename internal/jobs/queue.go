// Package jobs runs Vidra's durable background work on River, in the same database
// as everything else: SQLite through riversqlite over the shared *sql.DB, PostgreSQL
// through riverpgxv5 over a pgx pool of its own (River's pgx connection cannot join
// ent's lib/pq transaction, which is why the changed row, not the job, is the record
// of owed work; see DESIGN.md "Durable work" and Sweep).
package jobs

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"time"

	"entgo.io/ent/dialect"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Queue names.
const (
	// QueueMedia runs probing, transcoding and imports: long, CPU-bound work.
	QueueMedia = "media"
	// QueueMaintenance runs the sweeper and other short housekeeping.
	QueueMaintenance = "maintenance"
	// QueueWebhooks sends webhook deliveries: short, network-bound requests.
	QueueWebhooks = "webhooks"
)

// riverClient is what Vidra uses of river.Client, whatever its driver's transaction type.
type riverClient interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
}

// Options configure a Queue.
type Options struct {
	// Dialect is dialect.SQLite or dialect.Postgres.
	Dialect string
	// SQL is the database pool (used directly on SQLite).
	SQL *sql.DB
	// DatabaseURL is the PostgreSQL URL River opens its own pgx pool from.
	DatabaseURL string
	// MaxConns bounds River's pgx pool (its share of VIDRA_DB_MAX_CONNS, see
	// database.SplitConnections); pgx's default when zero.
	MaxConns int
	// StartWait is how long opening River's pool waits out a PostgreSQL that
	// refuses connections (see database.RetryStart); zero tries once.
	StartWait time.Duration
	// Workers are the registered workers; nil makes an insert-only queue.
	Workers *river.Workers
	// MediaConcurrency is how many media jobs one process runs at once (default 1).
	MediaConcurrency int
	// WebhookConcurrency is how many webhook deliveries one process sends at once (default 20).
	WebhookConcurrency int
	// JobTimeout bounds one attempt of a job; a stuck media job is cancelled after it.
	JobTimeout time.Duration
	// PollInterval is how often workers look for new jobs (River's FetchPollInterval).
	PollInterval time.Duration
	// Periodic are the periodic jobs (the sweeper).
	Periodic []*river.PeriodicJob
	// Log receives River's logs.
	Log *slog.Logger
	// Client is the ent client the process's liveness record is kept with;
	// nil runs without one (River's rescuer is then the only recovery).
	Client *ent.Client
	// Role names the process in its liveness record: "server", "api" or "worker".
	Role string
	// Heartbeat is how often the liveness record is renewed and expired ones
	// are reclaimed (DefaultHeartbeat when zero).
	Heartbeat time.Duration
	// Expiry is how long a liveness record lives without renewal (DefaultExpiry when zero).
	Expiry time.Duration
}

// Queue inserts jobs and, when it has workers, runs them.
type Queue struct {
	client riverClient
	// exec is River's driver executor, for the one settlement River's client
	// does not offer (reclaimJobsOf).
	exec     riverdriver.Executor
	pool     *pgxpool.Pool
	working  bool
	log      *slog.Logger
	liveness *Liveness
}

// Open applies River's own migrations (kept apart from Vidra's ent migrations, so
// the drift check never sees River's tables) and builds the client.
func Open(ctx context.Context, o Options) (*Queue, error) {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.JobTimeout <= 0 {
		o.JobTimeout = time.Hour
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	host, pid := hostname(), os.Getpid()
	cfg := &river.Config{
		// A client ID per process, recorded in attempted_by of the jobs it
		// fetches and named by its liveness record.
		ID:                newProcessID(host, pid),
		Logger:            o.Log.With("component", "river"),
		JobTimeout:        o.JobTimeout,
		FetchPollInterval: o.PollInterval,
		FetchCooldown:     min(o.PollInterval, 100*time.Millisecond),
		// The liveness records reclaim a dead process's jobs within seconds;
		// this is the backstop for jobs of processes that kept no record.
		RescueStuckJobsAfter: o.JobTimeout + time.Minute,
		Middleware:           []rivertype.Middleware{&systemWork{}},
	}
	if o.Workers != nil {
		cfg.Workers = o.Workers
		cfg.Queues = map[string]river.QueueConfig{
			QueueMedia:       {MaxWorkers: max(1, o.MediaConcurrency)},
			QueueMaintenance: {MaxWorkers: 2},
			QueueWebhooks:    {MaxWorkers: cmp.Or(o.WebhookConcurrency, 20)},
		}
		cfg.PeriodicJobs = o.Periodic
	}
	q := &Queue{working: o.Workers != nil, log: o.Log}
	var err error
	switch o.Dialect {
	case dialect.SQLite:
		// SQLite has no LISTEN/NOTIFY: workers poll.
		cfg.PollOnly = true
		driver := riversqlite.New(o.SQL)
		if err := migrateRiver(ctx, driver); err != nil {
			return nil, err
		}
		q.exec = driver.GetExecutor()
		q.client, err = river.NewClient(driver, cfg)
	case dialect.Postgres:
		q.pool, err = openPool(ctx, o.DatabaseURL, o.MaxConns)
		if err != nil {
			return nil, err
		}
		driver := riverpgxv5.New(q.pool)
		// River's first connection: the one a PostgreSQL near its limit refuses.
		if err := database.RetryStart(ctx, o.StartWait, o.Log, "job queue", func(ctx context.Context) error {
			return migrateRiver(ctx, driver)
		}); err != nil {
			q.pool.Close()
			return nil, err
		}
		q.exec = driver.GetExecutor()
		q.client, err = river.NewClient(driver, cfg)
	default:
		return nil, fmt.Errorf("jobs: unsupported dialect %q", o.Dialect)
	}
	if err != nil {
		q.closePool()
		return nil, fmt.Errorf("jobs: river client: %w", err)
	}
	if o.Client != nil {
		q.liveness = &Liveness{client: o.Client, queue: q, id: cfg.ID, host: host, pid: pid,
			role: cmp.Or(o.Role, "server"), heartbeat: cmp.Or(o.Heartbeat, DefaultHeartbeat),
			expiry: cmp.Or(o.Expiry, DefaultExpiry), log: o.Log,
			stop: make(chan struct{}), done: make(chan struct{})}
		// Before any worker starts: the previous run's jobs are back in the
		// queue when this process first fetches.
		if err := q.liveness.register(ctx); err != nil {
			q.closePool()
			return nil, err
		}
	}
	return q, nil
}

// openPool opens River's pgx pool of at most maxConns connections (pgx's
// default when zero).
func openPool(ctx context.Context, databaseURL string, maxConns int) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("jobs: parse database URL: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = int32(min(maxConns, math.MaxInt32))
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("jobs: open pgx pool: %w", err)
	}
	return pool, nil
}

// migrateRiver brings River's tables to the version this River release needs.
func migrateRiver[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return fmt.Errorf("jobs: river migrator: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: migrate river schema: %w", err)
	}
	return nil
}

// Start starts the heartbeat of the liveness record and the workers, if any;
// an insert-only queue runs only the heartbeat (it reclaims for others too).
func (q *Queue) Start(ctx context.Context) error {
	if q.liveness != nil {
		q.liveness.started.Store(true)
		go q.liveness.run(ctx)
	}
	if !q.working {
		return nil
	}
	return q.client.Start(ctx)
}

// Stop lets running jobs finish (until ctx ends), expires the liveness record
// and closes River's pool.
func (q *Queue) Stop(ctx context.Context) error {
	var err error
	if q.working {
		err = q.client.Stop(ctx)
	}
	if q.liveness != nil {
		q.liveness.Close(context.WithoutCancel(ctx))
	}
	q.closePool()
	return err
}

// ProcessID is this process's River client ID (the attempted_by of the jobs it
// runs, and the id of its liveness record).
func (q *Queue) ProcessID() string {
	if q.liveness == nil {
		return ""
	}
	return q.liveness.id
}

func (q *Queue) closePool() {
	if q.pool != nil {
		q.pool.Close()
		q.pool = nil
	}
}

// Insert enqueues a job. A job whose unique key matches a live one is skipped,
// so inserting the same owed work twice never runs it twice.
func (q *Queue) Insert(ctx context.Context, args river.JobArgs) error {
	res, err := q.client.Insert(ctx, args, nil)
	if err != nil {
		return fmt.Errorf("jobs: insert %s: %w", args.Kind(), err)
	}
	if res.UniqueSkippedAsDuplicate {
		q.log.DebugContext(ctx, "job already queued", "kind", args.Kind(), "job_id", res.Job.ID)
	}
	return nil
}

// InsertAfterCommit inserts args once the transaction of ctx commits
// (txn.AfterCommit; at once without one), so no job runs for a change that
// rolled back. A failed insert is logged with attrs and left to the sweeper,
// which queues owed work again.
func (q *Queue) InsertAfterCommit(ctx context.Context, args river.JobArgs, attrs ...any) {
	txn.AfterCommit(ctx, func(ctx context.Context) {
		if err := q.Insert(ctx, args); err != nil {
			q.log.WarnContext(ctx, "queue "+args.Kind()+"; the sweeper will", append(attrs, "err", err)...)
		}
	})
}

// Check reads the job table, for /health: the queue's storage answers.
func (q *Queue) Check(ctx context.Context) error {
	if q == nil {
		return errors.New("no job queue")
	}
	_, err := q.client.JobList(ctx, river.NewJobListParams().First(1))
	return err
}

// Working reports whether this process runs workers.
func (q *Queue) Working() bool { return q.working }

// Jobs lists up to n jobs of a kind, newest first (tests and operators use it).
func (q *Queue) Jobs(ctx context.Context, kind string, n int) ([]*rivertype.JobRow, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().Kinds(kind).First(n))
	if err != nil {
		return nil, err
	}
	return res.Jobs, nil
}

// ActiveStates are the job states in which a unique job blocks a duplicate, for
// the unique options of jobs defined outside this package.
var ActiveStates = activeStates

// activeStates are the job states in which a unique job blocks a duplicate: a
// finished (completed, cancelled, discarded) job does not, so owed work found by
// the sweeper after a lost job is queued again.
var activeStates = []rivertype.JobState{
	rivertype.JobStateAvailable,
	rivertype.JobStatePending,
	rivertype.JobStateRetryable,
	rivertype.JobStateRunning,
	rivertype.JobStateScheduled,
}
