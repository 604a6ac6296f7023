package testdb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/migrate"
)

// Test databases are named vidra_t_<unix seconds>_<random>, so leftovers of
// killed runs can be recognised and dropped once they are old.
const (
	testPrefix     = "vidra_t_"
	templatePrefix = "vidra_tmpl_"
	staleAfter     = 2 * time.Hour
)

// server is the PostgreSQL test server: an admin pool on its maintenance
// database and the migrated template each test database is copied from.
var server struct {
	once     sync.Once
	admin    *sql.DB
	template string
	err      error
	// create serialises CREATE DATABASE: copying one template from several
	// sessions at once can fail with "source database is being accessed".
	create sync.Mutex
}

// openPostgres creates a database from the migrated template and drops it
// when the test ends.
func openPostgres(ctx context.Context, t testing.TB, opts ...ent.Option) *database.DB {
	t.Helper()
	base, _, err := postgresURL()
	if err != nil {
		t.Fatalf("testdb: PostgreSQL at %s unreachable: %v", redacted(base), err)
	}
	server.once.Do(func() { server.err = setUpServer(ctx, base) })
	if server.err != nil {
		t.Fatalf("testdb: prepare PostgreSQL template: %v", server.err)
	}
	name := testPrefix + strconv.FormatInt(time.Now().Unix(), 10) + "_" + randomSuffix()
	server.create.Lock()
	_, err = server.admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)+" TEMPLATE "+pq.QuoteIdentifier(server.template))
	server.create.Unlock()
	if err != nil {
		t.Fatalf("testdb: create database %s: %v", name, err)
	}
	t.Cleanup(func() { dropDatabase(server.admin, name) })
	db, err := database.Open(ctx, withDatabase(base, name), "", opts...)
	if err != nil {
		t.Fatalf("testdb: open %s: %v", name, err)
	}
	t.Cleanup(func() { _ = db.Close() }) // runs before the drop
	return db
}

// openEmptyPostgres creates an empty database, dropped when the test ends.
func openEmptyPostgres(ctx context.Context, t testing.TB) (*sql.DB, error) {
	t.Helper()
	base, _, err := postgresURL()
	if err != nil {
		return nil, err
	}
	server.once.Do(func() { server.err = setUpServer(ctx, base) })
	if server.err != nil {
		return nil, server.err
	}
	name := testPrefix + strconv.FormatInt(time.Now().Unix(), 10) + "_" + randomSuffix()
	if _, err := server.admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		return nil, err
	}
	t.Cleanup(func() { dropDatabase(server.admin, name) })
	db, _, err := database.OpenSQL(ctx, withDatabase(base, name), "")
	return db, err
}

// setUpServer opens the admin pool, drops stale test databases and makes
// sure the template for the current migrations exists.
func setUpServer(ctx context.Context, base string) error {
	admin, err := sql.Open("postgres", base)
	if err != nil {
		return err
	}
	admin.SetMaxOpenConns(4)
	server.admin = admin
	dropStale(ctx, admin)
	fp, err := migrate.Fingerprint(dialect.Postgres)
	if err != nil {
		return err
	}
	server.template = templatePrefix + fp
	return ensureTemplate(ctx, admin, base, server.template)
}

// ensureTemplate creates and migrates the template database unless an
// earlier run already did. It is named after the migrations' fingerprint so
// that test processes and runs share it; it is built under a temporary name
// and renamed when complete, so no one copies a half-migrated template.
func ensureTemplate(ctx context.Context, admin *sql.DB, base, name string) error {
	if exists, err := databaseExists(ctx, admin, name); err != nil || exists {
		return err
	}
	building := testPrefix + strconv.FormatInt(time.Now().Unix(), 10) + "_tmpl_" + randomSuffix()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(building)); err != nil {
		return fmt.Errorf("create %s: %w", building, err)
	}
	db, err := database.Open(ctx, withDatabase(base, building), "")
	if err != nil {
		dropDatabase(admin, building)
		return fmt.Errorf("migrate %s: %w", building, err)
	}
	_ = db.Close()
	_, err = admin.ExecContext(ctx, "ALTER DATABASE "+pq.QuoteIdentifier(building)+" RENAME TO "+pq.QuoteIdentifier(name))
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "42P04" { // duplicate_database: another process won
		dropDatabase(admin, building)
		return nil
	}
	if err != nil {
		dropDatabase(admin, building)
		return fmt.Errorf("publish template %s: %w", name, err)
	}
	return nil
}

// dropStale drops test databases that killed runs left behind; it is best
// effort, as other processes may be using the server at the same time.
func dropStale(ctx context.Context, admin *sql.DB) {
	rows, err := admin.QueryContext(ctx, "SELECT datname FROM pg_database WHERE datname LIKE 'vidra\\_t\\_%'")
	if err != nil {
		return
	}
	defer rows.Close()
	var stale []string
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		stamp, _, _ := strings.Cut(strings.TrimPrefix(name, testPrefix), "_")
		if sec, err := strconv.ParseInt(stamp, 10, 64); err == nil && time.Since(time.Unix(sec, 0)) > staleAfter {
			stale = append(stale, name)
		}
	}
	if rows.Err() != nil {
		return // best effort: the next run tries again
	}
	_ = rows.Close() // before the drops, which need the connection
	for _, name := range stale {
		dropDatabase(admin, name)
	}
}

// databaseExists reports whether the server has a database called name.
func databaseExists(ctx context.Context, admin *sql.DB, name string) (bool, error) {
	var exists bool
	err := admin.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists)
	return exists, err
}

// dropDatabase drops name, disconnecting any session still on it.
func dropDatabase(admin *sql.DB, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)")
}

// withDatabase returns base with its database name replaced by name.
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	return u.String()
}

// redacted hides the password of a URL for messages.
func redacted(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}

// randomSuffix returns 12 random hex digits.
func randomSuffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
