package database

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"

	_ "github.com/lib/pq"  // driver "postgres"
	_ "modernc.org/sqlite" // driver "sqlite"
)

// sqliteFile is the name of the embedded database inside the data directory.
const sqliteFile = "vidra.db"

// sqlitePragmas are set on every SQLite connection: enforced foreign keys,
// WAL so readers do not block the writer, a wait instead of SQLITE_BUSY, and
// BEGIN IMMEDIATE so a transaction takes the write lock up front rather than
// failing when it upgrades from reading. Times are written in UTC in SQLite's
// own sortable format.
var sqlitePragmas = url.Values{
	"_pragma": {
		"foreign_keys(1)",
		"journal_mode(WAL)",
		"busy_timeout(10000)",
		"synchronous(NORMAL)",
	},
	"_txlock":      {"immediate"},
	"_time_format": {"sqlite"},
	"_timezone":    {"UTC"},
}

// openSQLite opens <dataDir>/vidra.db, creating the directory if needed.
func openSQLite(dataDir string) (*sql.DB, error) {
	if dataDir == "" {
		return nil, fmt.Errorf("database: empty data directory for the embedded SQLite database")
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("database: create data directory: %w", err)
	}
	path, err := filepath.Abs(filepath.Join(dataDir, sqliteFile))
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	dsn := (&url.URL{Scheme: "file", Path: path, RawQuery: sqlitePragmas.Encode()}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("database: open SQLite %s: %w", path, err)
	}
	// SQLite has one writer; a few connections let WAL readers run beside it
	// while busy_timeout queues writers instead of failing them.
	n := max(4, runtime.GOMAXPROCS(0))
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxLifetime(0)
	return db, nil
}

// openPostgres opens a PostgreSQL pool of at most maxConns connections through lib/pq.
func openPostgres(databaseURL string, maxConns int) (*sql.DB, error) {
	db, err := sql.Open("postgres", databaseURL)
	if err != nil {
		return nil, fmt.Errorf("database: open PostgreSQL %s: %w", redact(databaseURL), err)
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	return db, nil
}

// redact hides the password of a database URL for error messages.
func redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}
