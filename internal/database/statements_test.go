package database_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// openPostgresOrSkip returns an empty PostgreSQL database, or skips when
// PostgreSQL is not reachable (testdb fails instead under VIDRA_REQUIRE_POSTGRES).
func openPostgresOrSkip(t *testing.T) *sql.DB {
	t.Helper()
	if !slices.Contains(testdb.Dialects(t), dialect.Postgres) {
		t.Skip("PostgreSQL is not reachable")
	}
	return testdb.OpenEmpty(t, dialect.Postgres)
}

// queryInt runs a one-value query through an ent driver.
func queryInt(t *testing.T, drv dialect.Driver, query string, args ...any) int {
	t.Helper()
	var rows entsql.Rows
	if err := drv.Query(context.Background(), query, args, &rows); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer func() { _ = rows.Close() }()
	var n int
	if !rows.Next() {
		t.Fatalf("%s: no row (%v)", query, rows.Err())
	}
	if err := rows.Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// preparedOnServer counts the statements prepared on the pool's one connection.
func preparedOnServer(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM pg_prepared_statements`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPreparedStatementsAreKeptAndBounded runs statements through the driver on
// a one-connection pool: a statement run twice is prepared once, and past the
// bound the least recently used one is closed on the server.
func TestPreparedStatementsAreKeptAndBounded(t *testing.T) {
	db := openPostgresOrSkip(t)
	db.SetMaxOpenConns(1)
	drv := database.NewPreparingDriver(db, 2)

	for range 3 {
		if got := queryInt(t, drv, `SELECT $1::int + 1`, 41); got != 42 {
			t.Fatalf("got %d, want 42", got)
		}
	}
	if n := preparedOnServer(t, db); n != 1 {
		t.Fatalf("%d statements prepared after one statement ran three times, want 1", n)
	}
	queryInt(t, drv, `SELECT $1::int + 2`, 1)
	queryInt(t, drv, `SELECT $1::int + 3`, 1)
	if n := preparedOnServer(t, db); n != 2 {
		t.Fatalf("%d statements prepared with a bound of 2, want 2 (the oldest closed)", n)
	}
	if err := drv.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestEvictedStatementFinishesItsRows pushes a statement out of the cache while
// rows it returned are still being read: they read to the end.
func TestEvictedStatementFinishesItsRows(t *testing.T) {
	db := openPostgresOrSkip(t)
	drv := database.NewPreparingDriver(db, 1)
	ctx := context.Background()

	var rows entsql.Rows
	if err := drv.Query(ctx, `SELECT generate_series(1, $1::int)`, []any{1000}, &rows); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	queryInt(t, drv, `SELECT $1::int`, 7) // evicts the series statement
	sum := 0
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		sum += n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if sum != 1000*1001/2 {
		t.Fatalf("sum = %d, want %d", sum, 1000*1001/2)
	}
	// The evicted statement is prepared again when it comes back.
	if got := queryInt(t, drv, `SELECT count(*) FROM generate_series(1, $1::int)`, 5); got != 5 {
		t.Fatalf("got %d, want 5", got)
	}
}

// TestPreparingDriverKeepsErrorsAndExec checks that a statement PostgreSQL
// refuses fails as it does without the cache, and that Exec reports rows.
func TestPreparingDriverKeepsErrorsAndExec(t *testing.T) {
	db := openPostgresOrSkip(t)
	drv := database.NewPreparingDriver(db, 8)
	ctx := context.Background()

	var rows entsql.Rows
	err := drv.Query(ctx, `SELEC $1::int`, []any{1}, &rows)
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "42601" {
		t.Fatalf("syntax error: got %v, want a pq syntax error (42601)", err)
	}

	if err := drv.Exec(ctx, `CREATE TABLE items (n int PRIMARY KEY)`, []any{}, nil); err != nil {
		t.Fatal(err)
	}
	var res sql.Result
	if err := drv.Exec(ctx, `INSERT INTO items (n) VALUES ($1), ($2)`, []any{1, 2}, &res); err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 2 {
		t.Fatalf("RowsAffected = %d, %v; want 2", n, err)
	}
	err = drv.Exec(ctx, `INSERT INTO items (n) VALUES ($1), ($2)`, []any{1, 2}, nil)
	if !errors.As(err, &pqErr) || pqErr.Code != "23505" {
		t.Fatalf("duplicate key: got %v, want a unique violation (23505)", err)
	}
	if got := queryInt(t, drv, `SELECT count(*) FROM items WHERE n > $1`, 0); got != 2 {
		t.Fatalf("count = %d, want 2", got)
	}
}

// TestHandWrittenQueriesArePrepared runs statements through the driver's
// QueryContext and ExecContext, which ent's Client.QueryContext and the
// bearer check use: they are prepared once and keep their results and errors.
func TestHandWrittenQueriesArePrepared(t *testing.T) {
	db := openPostgresOrSkip(t)
	db.SetMaxOpenConns(1)
	drv := database.NewPreparingDriver(db, 8)
	raw, ok := drv.(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	})
	if !ok {
		t.Fatal("the preparing driver has no QueryContext and ExecContext of its own")
	}
	ctx := context.Background()

	if _, err := raw.ExecContext(ctx, `CREATE TABLE items (n int PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	res, err := raw.ExecContext(ctx, `INSERT INTO items (n) VALUES ($1), ($2)`, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 2 {
		t.Fatalf("RowsAffected = %d, %v; want 2", n, err)
	}
	_, err = raw.ExecContext(ctx, `INSERT INTO items (n) VALUES ($1), ($2)`, 2, 3)
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "23505" {
		t.Fatalf("duplicate key: got %v, want a unique violation (23505)", err)
	}
	before := preparedOnServer(t, db)
	count := func(above int) int {
		t.Helper()
		rows, err := raw.QueryContext(ctx, `SELECT count(*) FROM items WHERE n > $1`, above)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = rows.Close() }()
		var n int
		if !rows.Next() || rows.Scan(&n) != nil {
			t.Fatalf("no count: %v", rows.Err())
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for want := range 3 {
		if n := count(want); n != 2-want {
			t.Fatalf("count(n > %d) = %d, want %d", want, n, 2-want)
		}
	}
	if after := preparedOnServer(t, db); after != before+1 {
		t.Fatalf("%d statements prepared by one query run three times, want 1", after-before)
	}
	rows, err := raw.QueryContext(ctx, `SELEC 1`)
	if err == nil {
		defer func() { _ = rows.Close() }()
		t.Fatalf("syntax error: got rows (%v), want a pq syntax error (42601)", rows.Err())
	}
	if !errors.As(err, &pqErr) || pqErr.Code != "42601" {
		t.Fatalf("syntax error: got %v, want a pq syntax error (42601)", err)
	}
}
