// Package database opens Vidra's database, embedded SQLite or PostgreSQL,
// applies the pending migrations and builds the ent client over it.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/vidra-dev/vidra/ent"
	_ "github.com/vidra-dev/vidra/ent/runtime" // defaults, hooks and privacy policies
	"github.com/vidra-dev/vidra/migrate"
)

// DB is an open, migrated database and the ent client that uses it.
type DB struct {
	// SQL is the connection pool of the work that does not go through ent:
	// the job queue (River), the analytics writer and raw reads. On
	// PostgreSQL the ent client shares it; on SQLite ent has a pool of its
	// own (entSQL). Close closes both.
	SQL *sql.DB
	// entSQL is the ent client's pool. On SQLite it is a second pool over the
	// same file: the job queue's pollers and the analytics writer wait for
	// SQLite's write lock holding a connection each (busy_timeout), and in a
	// shared pool of a few connections they could take every one of them
	// while the holder of the lock (an ent transaction) needed one more to
	// read beside its own, so that both waited until the busy timeout gave
	// up: 10 s of SQLITE_BUSY for every writer (seen in CI's
	// TestSQLiteWritePathsNeverHitTheBusyTimeout). ent's own writers wait on
	// the write gate, which holds no connection (see gatedDriver).
	entSQL *sql.DB
	// Dialect is the ent dialect of SQL: dialect.SQLite or dialect.Postgres.
	Dialect string
	// Client is the ent client over SQL.
	Client *ent.Client
	// URL is the database URL it was opened from; empty for the embedded SQLite.
	// River opens its own pgx pool from it on PostgreSQL.
	URL string
}

// Settings say how to open a database beyond its URL.
type Settings struct {
	// URL names the database: empty for the embedded SQLite at
	// <DataDir>/vidra.db, postgres:// or postgresql:// for PostgreSQL.
	URL string
	// DataDir holds the embedded SQLite database.
	DataDir string
	// MaxConns bounds the pool's connections on PostgreSQL (the process's main
	// pool takes its share of VIDRA_DB_MAX_CONNS, see SplitConnections);
	// defaultMaxConns when zero.
	MaxConns int
	// StartWait is how long the first connection is retried while PostgreSQL
	// refuses it (see RetryStart); zero tries once.
	StartWait time.Duration
	// Log receives the retries; slog.Default() when nil.
	Log *slog.Logger
}

// defaultMaxConns is the pool size of callers that give none (tests, tools).
const defaultMaxConns = 25

// Open opens the database named by databaseURL, applies pending migrations
// and returns it with its ent client built with opts. An empty databaseURL
// means the embedded SQLite database <dataDir>/vidra.db; a postgres:// or
// postgresql:// URL means PostgreSQL.
func Open(ctx context.Context, databaseURL, dataDir string, opts ...ent.Option) (*DB, error) {
	return OpenWith(ctx, Settings{URL: databaseURL, DataDir: dataDir}, opts...)
}

// OpenWith is Open with the pool's size and the start-up retries of s.
func OpenWith(ctx context.Context, s Settings, opts ...ent.Option) (*DB, error) {
	sqlDB, dialectName, err := OpenPool(ctx, s)
	if err != nil {
		return nil, err
	}
	if err := migrate.Apply(ctx, sqlDB, dialectName); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("database: %w", err)
	}
	db := &DB{SQL: sqlDB, entSQL: sqlDB, Dialect: dialectName, URL: s.URL}
	if dialectName == dialect.SQLite {
		if db.entSQL, err = openSQLite(s.DataDir); err != nil {
			_ = sqlDB.Close()
			return nil, err
		}
	}
	db.Client = ent.NewClient(append([]ent.Option{ent.Driver(db.Driver())}, opts...)...)
	return db, nil
}

// OpenSQL opens and pings the database named by databaseURL (see Open)
// without migrating it, and returns the pool with its ent dialect.
func OpenSQL(ctx context.Context, databaseURL, dataDir string) (*sql.DB, string, error) {
	return OpenPool(ctx, Settings{URL: databaseURL, DataDir: dataDir})
}

// OpenPool is OpenSQL with the pool's size and the start-up retries of s:
// the first ping is retried while PostgreSQL refuses connections.
func OpenPool(ctx context.Context, s Settings) (*sql.DB, string, error) {
	var (
		sqlDB       *sql.DB
		dialectName string
		err         error
	)
	switch {
	case s.URL == "":
		dialectName = dialect.SQLite
		sqlDB, err = openSQLite(s.DataDir)
	case strings.HasPrefix(s.URL, "postgres://"), strings.HasPrefix(s.URL, "postgresql://"):
		dialectName = dialect.Postgres
		maxConns := s.MaxConns
		if maxConns <= 0 {
			maxConns = defaultMaxConns
		}
		sqlDB, err = openPostgres(s.URL, maxConns)
	default:
		return nil, "", fmt.Errorf("database: unsupported database URL %q: want empty (embedded SQLite) or postgres://", redact(s.URL))
	}
	if err != nil {
		return nil, "", err
	}
	if err := RetryStart(ctx, s.StartWait, s.Log, "database", sqlDB.PingContext); err != nil {
		_ = sqlDB.Close()
		return nil, "", fmt.Errorf("database: ping %s: %w", dialectName, err)
	}
	return sqlDB, dialectName, nil
}

// Driver returns a new ent driver over the ent client's pool, for building a client with a
// wrapped driver (query counting, debug logging) over the same pool. On
// PostgreSQL it keeps the statements it runs prepared (see preparingDriver);
// on SQLite its transactions pass one at a time (see gatedDriver).
func (db *DB) Driver() dialect.Driver {
	if db.Dialect == dialect.Postgres {
		return newPreparingDriver(db.entSQL, preparedStatementsKept)
	}
	return gateSQLite(db.entSQL, entsql.OpenDB(db.Dialect, db.entSQL))
}

// Close closes the connection pools.
func (db *DB) Close() error {
	if db.entSQL != nil && db.entSQL != db.SQL {
		return errors.Join(db.entSQL.Close(), db.SQL.Close())
	}
	return db.SQL.Close()
}
