package database_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/privacy"

	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/poll"
)

// TestSQLiteLockHolderReadsWhileWritersWait holds SQLite's write lock in an ent
// transaction while writers queue for it from everywhere: ent writes outside a
// transaction and raw writers of the pool outside ent (the job queue's
// pollers, the analytics writer), more of each than a pool has connections.
// The holder must still read through the ent client beside its transaction,
// then commit, and every writer must then succeed. Before ent got a pool of
// its own and its writes outside a transaction waited on the gate, the
// waiters held every pooled connection inside busy_timeout, and the holder's
// read waited for them until SQLite gave up after 10 s (CI: every writer of
// TestSQLiteWritePathsNeverHitTheBusyTimeout failed with SQLITE_BUSY).
func TestSQLiteLockHolderReadsWhileWritersWait(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	if _, err := db.SQL.ExecContext(ctx, "CREATE TABLE gate_probe (n integer NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Client.Tx(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO gate_probe VALUES (0)"); err != nil {
		t.Fatal(err)
	}

	const entWriters, rawWriters = 8, 8
	errs := make(chan error, entWriters+rawWriters)
	var wg sync.WaitGroup
	for range entWriters {
		wg.Go(func() {
			_, err := db.Client.ExecContext(ctx, "INSERT INTO gate_probe VALUES (1)")
			errs <- err
		})
	}
	for range rawWriters {
		wg.Go(func() {
			_, err := db.SQL.ExecContext(ctx, "INSERT INTO gate_probe VALUES (2)")
			errs <- err
		})
	}
	poll.Until(t, "the ent writers to wait for the gate", 5*time.Second, func() bool {
		return database.GateWaiting(db) == entWriters
	})
	poll.Until(t, "the raw writers to take every connection of their pool", 5*time.Second, func() bool {
		s := db.SQL.Stats()
		return s.InUse == s.MaxOpenConnections
	})

	read, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := db.Client.JobProcess.Query().Count(privacy.DecisionContext(read, privacy.Allow)); err != nil {
		t.Fatalf("the lock holder could not read beside its transaction while writers waited: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("a writer failed once the lock was free: %v", err)
		}
	}
	var n int
	if err := db.SQL.QueryRowContext(ctx, "SELECT count(*) FROM gate_probe").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1+entWriters+rawWriters {
		t.Fatalf("gate_probe has %d rows, want %d", n, 1+entWriters+rawWriters)
	}
}
