package database_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/migrate"
)

// TestOpenSQLite opens the embedded database in a data directory that does
// not exist yet, checks its settings, and opens it again.
func TestOpenSQLite(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	for i := range 2 {
		db, err := database.Open(ctx, "", dir)
		if err != nil {
			t.Fatalf("Open #%d: %v", i+1, err)
		}
		if db.Dialect != dialect.SQLite {
			t.Fatalf("Dialect = %q, want %q", db.Dialect, dialect.SQLite)
		}
		pragmas := map[string]string{"foreign_keys": "1", "journal_mode": "wal", "busy_timeout": "10000"}
		for name, want := range pragmas {
			var got string
			if err := db.SQL.QueryRowContext(ctx, "PRAGMA "+name).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("PRAGMA %s = %q, want %q", name, got, want)
			}
		}
		latest, _ := migrate.Latest(dialect.SQLite)
		if v, dirty, err := migrate.Version(ctx, db.SQL, db.Dialect); err != nil || dirty || v != latest {
			t.Fatalf("Version = %d, %v, %v; want %d", v, dirty, err, latest)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "vidra.db")); err != nil {
		t.Fatalf("database file: %v", err)
	}
}

// TestOpenRejectsUnknownURL checks that a URL of another database is refused
// with a message naming what is accepted, and without its password.
func TestOpenRejectsUnknownURL(t *testing.T) {
	_, err := database.Open(context.Background(), "mysql://root:secret@localhost/vidra", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "postgres://") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("Open(mysql://...) error = %v; want a clear refusal without the password", err)
	}
}

// TestSQLiteConcurrentWriters runs transactions that read then write from
// many goroutines: with BEGIN IMMEDIATE and busy_timeout none fails busy.
func TestSQLiteConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	if _, err := db.SQL.ExecContext(ctx, "CREATE TABLE counter (n integer NOT NULL); INSERT INTO counter VALUES (0)"); err != nil {
		t.Fatal(err)
	}
	const workers, rounds = 8, 25
	errs := make(chan error, workers)
	for range workers {
		go func() {
			for range rounds {
				tx, err := db.SQL.BeginTx(ctx, nil)
				if err != nil {
					errs <- err
					return
				}
				var n int
				if err := tx.QueryRowContext(ctx, "SELECT n FROM counter").Scan(&n); err != nil {
					_ = tx.Rollback()
					errs <- err
					return
				}
				if _, err := tx.ExecContext(ctx, "UPDATE counter SET n = ?", n+1); err != nil {
					_ = tx.Rollback()
					errs <- err
					return
				}
				if err := tx.Commit(); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.SQL.QueryRowContext(ctx, "SELECT n FROM counter").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != workers*rounds {
		t.Fatalf("counter = %d, want %d (lost updates)", n, workers*rounds)
	}
}
