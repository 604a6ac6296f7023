// Package migrate holds Vidra's versioned SQL migrations, one folder per
// dialect, and applies them with golang-migrate from the embedded files.
//
// The files are generated from the ent schema by ./migrate/gen; never edit an
// applied migration, add a new one.
package migrate

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"os"
	"time"

	"entgo.io/ent/dialect"
	gomigrate "github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/database"
	"github.com/golang-migrate/migrate/v4/database/postgres"
	"github.com/golang-migrate/migrate/v4/database/sqlite"
	"github.com/golang-migrate/migrate/v4/source/iofs"
)

// files holds the migrations of both dialects; atlas.sum is not embedded and
// golang-migrate would skip it anyway, as its name does not parse as a migration.
//
//go:embed postgres/*.sql sqlite/*.sql
var files embed.FS

// Dir returns the folder, relative to this package, that holds the migrations
// of the given ent dialect (dialect.Postgres or dialect.SQLite).
func Dir(dialectName string) (string, error) {
	switch dialectName {
	case dialect.Postgres:
		return "postgres", nil
	case dialect.SQLite:
		return "sqlite", nil
	default:
		return "", fmt.Errorf("migrate: unsupported dialect %q", dialectName)
	}
}

// Apply brings db up to the latest embedded migration of its dialect, one
// migration at a time, and records each in the history table (History) with
// when it was applied and how long it took. It is safe to call on every
// start: without pending migrations it does nothing. On PostgreSQL concurrent
// callers serialise on an advisory lock, taken for each migration.
func Apply(ctx context.Context, db *sql.DB, dialectName string) error {
	m, release, err := open(ctx, db, dialectName)
	if err != nil {
		return err
	}
	defer release()
	if err := ensureHistory(ctx, db, dialectName); err != nil {
		return err
	}
	available, err := Available(dialectName)
	if err != nil {
		return err
	}

	// golang-migrate takes no context: ask it to stop after the current
	// migration when ours is cancelled.
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			m.GracefulStop <- true
		case <-done:
		}
	}()

	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		current, err := currentVersion(m)
		if err != nil {
			return fmt.Errorf("migrate: read %s version: %w", dialectName, err)
		}
		if current != 0 && !contains(available, current) {
			return fmt.Errorf("migrate: the %s database is at migration %d, which this binary does not have (newer binary?)", dialectName, current)
		}
		next, ok := nextAfter(available, current)
		if !ok {
			return nil
		}
		start := time.Now()
		err = m.Steps(1)
		if errors.Is(err, os.ErrNotExist) {
			// Another process applied the rest meanwhile: the loop re-reads
			// the version, unless it did not move.
			if after, verr := currentVersion(m); verr == nil && after != current {
				continue
			}
		}
		if err != nil {
			return fmt.Errorf("migrate: apply %s migration %d_%s: %w", dialectName, next.Version, next.Name, err)
		}
		took := time.Since(start)
		if after, err := currentVersion(m); err == nil && after == next.Version {
			if err := record(ctx, db, dialectName, next, start, took); err != nil {
				return err
			}
		}
	}
}

// currentVersion is the version db is at, 0 before the first migration.
func currentVersion(m *gomigrate.Migrate) (uint, error) {
	v, _, err := m.Version()
	if errors.Is(err, gomigrate.ErrNilVersion) {
		return 0, nil
	}
	return v, err
}

// contains reports whether list holds the migration of that version.
func contains(list []Migration, version uint) bool {
	for _, m := range list {
		if m.Version == version {
			return true
		}
	}
	return false
}

// nextAfter returns the first migration of list (oldest first) newer than version.
func nextAfter(list []Migration, version uint) (Migration, bool) {
	for _, m := range list {
		if m.Version > version {
			return m, true
		}
	}
	return Migration{}, false
}

// Version reports the version of the last migration applied to db and whether
// it failed half-way (dirty). It reports 0 when no migration was applied.
func Version(ctx context.Context, db *sql.DB, dialectName string) (version uint, dirty bool, err error) {
	m, release, err := open(ctx, db, dialectName)
	if err != nil {
		return 0, false, err
	}
	defer release()
	version, dirty, err = m.Version()
	if errors.Is(err, gomigrate.ErrNilVersion) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("migrate: read %s version: %w", dialectName, err)
	}
	return version, dirty, nil
}

// open builds a golang-migrate instance over db. The returned release
// function frees what open took but never closes db, which the caller owns:
// golang-migrate's own Close would close the whole pool.
func open(ctx context.Context, db *sql.DB, dialectName string) (*gomigrate.Migrate, func(), error) {
	dir, err := Dir(dialectName)
	if err != nil {
		return nil, nil, err
	}
	src, err := iofs.New(files, dir)
	if err != nil {
		return nil, nil, fmt.Errorf("migrate: read embedded %s migrations: %w", dir, err)
	}
	drv, releaseDriver, err := driver(ctx, db, dialectName)
	if err != nil {
		_ = src.Close()
		return nil, nil, fmt.Errorf("migrate: open %s: %w", dialectName, err)
	}
	release := func() {
		_ = src.Close()
		releaseDriver()
	}
	m, err := gomigrate.NewWithInstance("iofs", src, dialectName, drv)
	if err != nil {
		release()
		return nil, nil, fmt.Errorf("migrate: %w", err)
	}
	return m, release, nil
}

// driver returns golang-migrate's database driver for db and the function
// that releases it without closing db.
func driver(ctx context.Context, db *sql.DB, dialectName string) (database.Driver, func(), error) {
	switch dialectName {
	case dialect.Postgres:
		// A dedicated connection holds the advisory lock; closing the
		// driver returns it to the pool and leaves the pool open.
		conn, err := db.Conn(ctx)
		if err != nil {
			return nil, nil, err
		}
		drv, err := postgres.WithConnection(ctx, conn, &postgres.Config{})
		if err != nil {
			_ = conn.Close()
			return nil, nil, err
		}
		return drv, func() { _ = drv.Close() }, nil
	case dialect.SQLite:
		// NoTxWrap: table rebuilds turn foreign_keys off, which SQLite
		// ignores inside a transaction. The driver's Close would close db,
		// so it is never called; it holds nothing else.
		drv, err := sqlite.WithInstance(db, &sqlite.Config{NoTxWrap: true})
		if err != nil {
			return nil, nil, err
		}
		return drv, func() {}, nil
	default:
		return nil, nil, fmt.Errorf("unsupported dialect %q", dialectName)
	}
}
