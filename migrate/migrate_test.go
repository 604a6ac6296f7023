package migrate_test

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/golang-migrate/migrate/v4/source"

	entmigrate "github.com/vidra-dev/vidra/ent/migrate"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/migrate"
)

// schemaDiff returns the statements that would bring db to the ent schema,
// without the BEGIN/COMMIT that frame them; dropping columns and indexes is
// on, so drift in either direction shows.
func schemaDiff(t *testing.T, db *database.DB) string {
	t.Helper()
	var buf bytes.Buffer
	err := db.Client.Schema.WriteTo(context.Background(), &buf,
		entmigrate.WithDropColumn(true), entmigrate.WithDropIndex(true))
	if err != nil {
		t.Fatalf("diff ent schema with database: %v", err)
	}
	var stmts []string
	for _, line := range strings.Split(buf.String(), "\n") {
		switch strings.TrimSpace(line) {
		case "", "BEGIN;", "COMMIT;":
			continue
		}
		stmts = append(stmts, line)
	}
	return strings.Join(stmts, "\n")
}

// TestMigrationsMatchSchema fails when the ent schema changed without a new
// migration: run go run ./migrate/gen <name>.
func TestMigrationsMatchSchema(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db := testdb.Open(t, d)
			if diff := schemaDiff(t, db); diff != "" {
				t.Fatalf("migrations differ from the ent schema; run `go run ./migrate/gen <name>`:\n%s", diff)
			}
		})
	}
}

// TestSchemaDiffDetectsDrift proves the drift check can fail: a database
// altered by hand after migrating must show a difference.
func TestSchemaDiffDetectsDrift(t *testing.T) {
	var table, index string
	for _, tbl := range entmigrate.Tables {
		if len(tbl.Indexes) > 0 {
			table, index = tbl.Name, tbl.Indexes[0].Name
			break
		}
	}
	if table == "" {
		t.Fatal("the ent schema has no index to drop")
	}
	alterations := map[string]string{
		"dropped index": "DROP INDEX " + index,
		"extra column":  "ALTER TABLE " + table + " ADD COLUMN drift_probe text",
	}
	for _, d := range testdb.Dialects(t) {
		for name, stmt := range alterations {
			t.Run(d+"/"+name, func(t *testing.T) {
				t.Parallel()
				db := testdb.Open(t, d)
				if _, err := db.SQL.Exec(stmt); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
				if diff := schemaDiff(t, db); diff == "" {
					t.Fatalf("after %q the diff is empty", stmt)
				}
			})
		}
	}
}

// TestApplyIsIdempotent applies all migrations to an empty database twice
// and checks the version and pending list each time.
func TestApplyIsIdempotent(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := testdb.OpenEmpty(t, d)
			available, err := migrate.Available(d)
			if err != nil || len(available) == 0 {
				t.Fatalf("Available = %v, %v; want at least one migration", available, err)
			}
			latest, err := migrate.Latest(d)
			if err != nil {
				t.Fatal(err)
			}
			if v, dirty, err := migrate.Version(ctx, db, d); err != nil || v != 0 || dirty {
				t.Fatalf("before Apply: Version = %d, %v, %v; want 0, false, nil", v, dirty, err)
			}
			if p, err := migrate.Pending(ctx, db, d); err != nil || len(p) != len(available) {
				t.Fatalf("before Apply: Pending = %v, %v; want all %d", p, err, len(available))
			}
			start := time.Now()
			var firstHistory []migrate.Applied
			for i := range 2 {
				if err := migrate.Apply(ctx, db, d); err != nil {
					t.Fatalf("Apply #%d: %v", i+1, err)
				}
				v, dirty, err := migrate.Version(ctx, db, d)
				if err != nil || v != latest || dirty {
					t.Fatalf("after Apply #%d: Version = %d, %v, %v; want %d, false, nil", i+1, v, dirty, err, latest)
				}
				if p, err := migrate.Pending(ctx, db, d); err != nil || len(p) != 0 {
					t.Fatalf("after Apply #%d: Pending = %v, %v; want none", i+1, p, err)
				}
				history, err := migrate.History(ctx, db, d)
				if err != nil || len(history) != len(available) {
					t.Fatalf("after Apply #%d: History = %d rows, %v; want %d", i+1, len(history), err, len(available))
				}
				for j, a := range history {
					if a.Migration != available[j] || a.AppliedAt.Before(start.Add(-time.Second)) || a.AppliedAt.After(time.Now()) || a.Duration < 0 {
						t.Fatalf("after Apply #%d: history row %d = %+v; want %+v applied since %v", i+1, j, a, available[j], start)
					}
					if j > 0 && a.AppliedAt.Before(history[j-1].AppliedAt) {
						t.Errorf("history row %d applied at %v, before the previous one (%v)", j, a.AppliedAt, history[j-1].AppliedAt)
					}
				}
				if i == 0 {
					firstHistory = history
				} else if !slices.EqualFunc(history, firstHistory, func(a, b migrate.Applied) bool {
					return a.Migration == b.Migration && a.AppliedAt.Equal(b.AppliedAt) && a.Duration == b.Duration
				}) {
					t.Errorf("a second Apply rewrote the history:\n%+v\nwas\n%+v", history, firstHistory)
				}
			}
			if err := db.PingContext(ctx); err != nil {
				t.Fatalf("the pool was closed by migrate: %v", err)
			}
		})
	}
}

// TestHistoryOfMigrationsAppliedBeforeIt lists migrations the version table
// says are applied but the history never recorded (databases migrated before
// Vidra kept one) without times, and leaves out rows past the version.
func TestHistoryOfMigrationsAppliedBeforeIt(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := testdb.OpenEmpty(t, d)
			if err := migrate.Apply(ctx, db, d); err != nil {
				t.Fatal(err)
			}
			available, err := migrate.Available(d)
			if err != nil {
				t.Fatal(err)
			}
			first := available[0]
			if _, err := db.ExecContext(ctx, "DELETE FROM vidra_migration_history WHERE version <> "+strconv.FormatUint(uint64(first.Version), 10)); err != nil {
				t.Fatal(err)
			}
			// A row of a migration this binary does not know, past the version: rolled back.
			if _, err := db.ExecContext(ctx, "INSERT INTO vidra_migration_history (version, name, applied_at, duration_ms) VALUES (99991231235959, 'future', '2026-01-01 00:00:00+00:00', 1)"); err != nil {
				t.Fatal(err)
			}
			history, err := migrate.History(ctx, db, d)
			if err != nil || len(history) != len(available) {
				t.Fatalf("History = %d rows, %v; want %d", len(history), err, len(available))
			}
			if history[0].AppliedAt.IsZero() {
				t.Errorf("the recorded first migration lost its time: %+v", history[0])
			}
			for _, a := range history[1:] {
				if !a.AppliedAt.IsZero() || a.Duration != 0 {
					t.Errorf("unrecorded migration %d has a time: %+v", a.Version, a)
				}
			}
		})
	}
}

// TestDialectsShareVersions keeps one schema change at one version in both
// dialects, as the generator writes them.
func TestDialectsShareVersions(t *testing.T) {
	pg, err := migrate.Available(dialect.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	lite, err := migrate.Available(dialect.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != len(lite) {
		t.Fatalf("postgres has %d migrations, sqlite %d", len(pg), len(lite))
	}
	for i := range pg {
		if pg[i] != lite[i] {
			t.Errorf("migration %d: postgres %+v, sqlite %+v", i, pg[i], lite[i])
		}
	}
}

// TestAtlasSumIsNotAMigration checks golang-migrate skips the atlas.sum
// file that the generator keeps beside the migrations.
func TestAtlasSumIsNotAMigration(t *testing.T) {
	if m, err := source.DefaultParse("atlas.sum"); err == nil {
		t.Fatalf("atlas.sum parses as migration %+v", m)
	}
}
