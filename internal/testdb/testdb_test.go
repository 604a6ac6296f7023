package testdb_test

import (
	"context"
	"testing"

	"github.com/vidra-dev/vidra/ent/privacy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestDatabasesAreIsolated runs two parallel tests per dialect; each writes a
// row and must not see the other's.
func TestDatabasesAreIsolated(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			for _, mine := range []string{"first", "second"} {
				t.Run(mine, func(t *testing.T) {
					t.Parallel()
					db := testdb.Open(t, d)
					ctx := context.Background()
					if _, err := db.SQL.ExecContext(ctx, "CREATE TABLE isolation_probe (owner text NOT NULL)"); err != nil {
						t.Fatal(err)
					}
					if _, err := db.SQL.ExecContext(ctx, "INSERT INTO isolation_probe (owner) VALUES ('"+mine+"')"); err != nil {
						t.Fatal(err)
					}
					var n int
					if err := db.SQL.QueryRowContext(ctx, "SELECT count(*) FROM isolation_probe").Scan(&n); err != nil {
						t.Fatal(err)
					}
					if n != 1 {
						t.Fatalf("%s sees %d rows, want only its own", mine, n)
					}
					// The schema is migrated and the ent client works.
					count, err := db.Client.Organization.Query().Count(privacy.DecisionContext(ctx, privacy.Allow))
					if err != nil || count != 0 {
						t.Fatalf("organizations = %d, %v; want 0, nil", count, err)
					}
				})
			}
		})
	}
}

// TestCounterCountsStatements checks the counter sees statements on the
// client and inside transactions, and resets.
func TestCounterCountsStatements(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db, counter := testdb.OpenCounting(t, d)
			ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
			if _, err := db.Client.Organization.Query().Count(ctx); err != nil {
				t.Fatal(err)
			}
			if got := counter.Count(); got != 1 {
				t.Fatalf("after one query Count = %d, want 1", got)
			}
			counter.Reset()
			tx, err := db.Client.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if _, err := tx.Organization.Query().Count(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			if got := counter.Count(); got != 3 {
				t.Fatalf("after three queries in a transaction Count = %d, want 3", got)
			}
			counter.Reset()
			if got := counter.Count(); got != 0 {
				t.Fatalf("after Reset Count = %d, want 0", got)
			}
		})
	}
}
