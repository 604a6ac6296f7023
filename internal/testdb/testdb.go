// Package testdb gives tests a fresh, fully migrated database of each
// dialect: embedded SQLite always, PostgreSQL when one can be reached.
package testdb

import (
	"context"
	"database/sql"
	"os"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/database"
)

// DefaultPostgresURL is the server tried when VIDRA_TEST_POSTGRES_URL is empty.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// probe remembers, for the whole test process, whether PostgreSQL answers.
var probe struct {
	once sync.Once
	url  string
	err  error
}

// postgresURL returns the URL of the test PostgreSQL server and whether it
// was set explicitly, and checks once per process that it answers.
func postgresURL() (string, bool, error) {
	explicit := os.Getenv("VIDRA_TEST_POSTGRES_URL") != ""
	probe.once.Do(func() {
		probe.url = os.Getenv("VIDRA_TEST_POSTGRES_URL")
		if probe.url == "" {
			probe.url = DefaultPostgresURL
		}
		db, err := sql.Open("postgres", probe.url)
		if err != nil {
			probe.err = err
			return
		}
		defer func() { _ = db.Close() }()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		probe.err = db.PingContext(ctx)
	})
	return probe.url, explicit, probe.err
}

// Dialects returns the ent dialects to run a test on: SQLite, plus
// PostgreSQL when it answers. It fails the test when PostgreSQL is
// unreachable but required (VIDRA_REQUIRE_POSTGRES=1) or explicitly named
// (VIDRA_TEST_POSTGRES_URL).
func Dialects(t testing.TB) []string {
	t.Helper()
	url, explicit, err := postgresURL()
	if err != nil {
		if explicit || os.Getenv("VIDRA_REQUIRE_POSTGRES") == "1" {
			t.Fatalf("testdb: PostgreSQL at %s is required but unreachable: %v", redacted(url), err)
		}
		return []string{dialect.SQLite}
	}
	return []string{dialect.SQLite, dialect.Postgres}
}

// Open returns a fresh, migrated database of the given dialect, closed and
// deleted when the test ends. opts configure its ent client.
func Open(t testing.TB, dialectName string, opts ...ent.Option) *database.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	switch dialectName {
	case dialect.SQLite:
		db, err := database.Open(ctx, "", t.TempDir(), opts...)
		if err != nil {
			t.Fatalf("testdb: open SQLite: %v", err)
		}
		t.Cleanup(func() { _ = db.Close() })
		return db
	case dialect.Postgres:
		return openPostgres(ctx, t, opts...)
	default:
		t.Fatalf("testdb: unknown dialect %q", dialectName)
		return nil
	}
}

// OpenEmpty returns a fresh database of the given dialect with no migration
// applied, closed and deleted when the test ends; for testing migrations.
func OpenEmpty(t testing.TB, dialectName string) *sql.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var (
		db  *sql.DB
		err error
	)
	switch dialectName {
	case dialect.SQLite:
		db, _, err = database.OpenSQL(ctx, "", t.TempDir())
	case dialect.Postgres:
		db, err = openEmptyPostgres(ctx, t)
	default:
		t.Fatalf("testdb: unknown dialect %q", dialectName)
	}
	if err != nil {
		t.Fatalf("testdb: open empty %s database: %v", dialectName, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// PostgresURL is the test PostgreSQL server's URL (VIDRA_TEST_POSTGRES_URL or
// DefaultPostgresURL) for a test that needs PostgreSQL itself: skipped when it
// does not answer, failed where it is required (as Dialects).
func PostgresURL(t testing.TB) string {
	t.Helper()
	url, _, err := postgresURL()
	if err != nil {
		Dialects(t) // fails the test where PostgreSQL is required
		t.Skipf("testdb: PostgreSQL at %s does not answer: %v", redacted(url), err)
	}
	return url
}
