package database

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// preparedStatementsKept bounds how many statement texts stay prepared. Each is
// prepared on every pooled connection that runs it (up to 25 on PostgreSQL),
// and the server keeps its plan per connection, so the bound is also a bound
// on the server's memory. ent's statements come from a few hundred shapes.
const preparedStatementsKept = 256

// preparingDriver is the ent driver over PostgreSQL that runs the statements
// outside transactions as prepared statements, kept per statement text.
//
// lib/pq runs a statement with arguments in two round trips (parse and
// describe, then bind and execute) and PostgreSQL plans it anew each time. A
// prepared statement runs in one round trip, and after a few runs PostgreSQL
// reuses a generic plan when it costs no more than the custom ones. The bearer
// check and every list pay this on every request. lib/pq has no statement
// cache of its own (pgx has one, but DESIGN.md fixes lib/pq), so this is one,
// with hashicorp/golang-lru for the bound. Transactions keep ent's plain path:
// their statements are mostly writes, each run once.
type preparingDriver struct {
	*entsql.Driver
	statements *statementCache
}

// newPreparingDriver wraps ent's driver over db with a cache of at most kept
// statements.
func newPreparingDriver(db *sql.DB, kept int) *preparingDriver {
	return &preparingDriver{
		Driver:     entsql.OpenDB(dialect.Postgres, db),
		statements: newStatementCache(db, kept),
	}
}

// Query runs a query through its prepared statement; when the statement cannot
// be prepared it runs as ent runs it, so the error a caller sees is the same.
func (d *preparingDriver) Query(ctx context.Context, query string, args, v any) error {
	rows, ok := v.(*entsql.Rows)
	argv, okArgs := args.([]any)
	if !ok || !okArgs {
		return d.Driver.Query(ctx, query, args, v)
	}
	r, err := d.QueryContext(ctx, query, argv...) //nolint:rowserrcheck // the rows go to the caller (ent), which checks Err
	if err == nil {
		*rows = entsql.Rows{ColumnScanner: r}
	}
	return err
}

// Exec runs a statement through its prepared statement, as Query does.
func (d *preparingDriver) Exec(ctx context.Context, query string, args, v any) error {
	argv, okArgs := args.([]any)
	result, okResult := v.(*sql.Result)
	if !okArgs || (v != nil && !okResult) {
		return d.Driver.Exec(ctx, query, args, v)
	}
	res, err := d.ExecContext(ctx, query, argv...)
	if err == nil && result != nil {
		*result = res
	}
	return err
}

// QueryContext runs a hand-written query (ent's Client.QueryContext: the
// bearer check's session read, node type lookups, tenancy lookups) through its
// prepared statement, as Query does. Without it the embedded driver's
// QueryContext would run them on the plain two-round-trip path.
func (d *preparingDriver) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return onPrepared(d, ctx, query,
		func(stmt *sql.Stmt) (*sql.Rows, error) { return stmt.QueryContext(ctx, args...) },
		func() (*sql.Rows, error) { return d.Driver.QueryContext(ctx, query, args...) })
}

// ExecContext runs a hand-written statement through its prepared statement, as
// QueryContext does.
func (d *preparingDriver) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return onPrepared(d, ctx, query,
		func(stmt *sql.Stmt) (sql.Result, error) { return stmt.ExecContext(ctx, args...) },
		func() (sql.Result, error) { return d.Driver.ExecContext(ctx, query, args...) })
}

// onPrepared returns what run gives with the prepared statement of query, or,
// when the statement cannot be prepared, what plain gives (ent's own path, so
// the caller sees the same result and error as without the cache).
func onPrepared[R any](d *preparingDriver, ctx context.Context, query string, run func(*sql.Stmt) (R, error), plain func() (R, error)) (R, error) {
	p := d.statements.acquire(ctx, query)
	if p == nil {
		return plain()
	}
	defer d.statements.release(p)
	return run(p.stmt)
}

// Close closes the prepared statements and the pool.
func (d *preparingDriver) Close() error {
	d.statements.close()
	return d.Driver.Close()
}

// preparedStatement is one cached statement and how many calls are using it.
type preparedStatement struct {
	stmt    *sql.Stmt
	users   int
	evicted bool
}

// statementCache keeps the most recently used statements prepared. A statement
// pushed out while a call still uses it is closed when that call is done.
type statementCache struct {
	db *sql.DB
	mu sync.Mutex
	// lru is guarded by mu; its eviction callback runs under mu.
	lru *simplelru.LRU[string, *preparedStatement]
	// toClose collects evicted statements to close once mu is released:
	// closing one talks to the server.
	toClose []*sql.Stmt
}

// newStatementCache returns a cache of at most size statements of db.
func newStatementCache(db *sql.DB, size int) *statementCache {
	c := &statementCache{db: db}
	lru, err := simplelru.NewLRU(size, func(_ string, p *preparedStatement) {
		p.evicted = true
		if p.users == 0 {
			c.toClose = append(c.toClose, p.stmt)
		}
	})
	if err != nil {
		panic(fmt.Sprintf("database: statement cache of size %d: %v", size, err))
	}
	c.lru = lru
	return c
}

// acquire returns the prepared statement for query, preparing it on first use,
// or nil when it cannot be prepared. The caller must release it.
func (c *statementCache) acquire(ctx context.Context, query string) *preparedStatement {
	c.mu.Lock()
	if p, ok := c.lru.Get(query); ok {
		p.users++
		c.mu.Unlock()
		return p
	}
	c.mu.Unlock()

	stmt, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	p, ok := c.lru.Get(query)
	if ok {
		// Another call prepared it meanwhile; keep theirs.
		c.toClose = append(c.toClose, stmt)
	} else {
		p = &preparedStatement{stmt: stmt}
		c.lru.Add(query, p)
	}
	p.users++
	closing := c.takeClosing()
	c.mu.Unlock()
	closeAll(closing)
	return p
}

// release ends a call's use of p, closing it if it was evicted meanwhile.
func (c *statementCache) release(p *preparedStatement) {
	c.mu.Lock()
	p.users--
	if p.evicted && p.users == 0 {
		c.toClose = append(c.toClose, p.stmt)
	}
	closing := c.takeClosing()
	c.mu.Unlock()
	closeAll(closing)
}

// close evicts every statement; those in use close when released.
func (c *statementCache) close() {
	c.mu.Lock()
	c.lru.Purge()
	closing := c.takeClosing()
	c.mu.Unlock()
	closeAll(closing)
}

// takeClosing hands over the statements waiting to be closed; c.mu is held.
func (c *statementCache) takeClosing() []*sql.Stmt {
	closing := c.toClose
	c.toClose = nil
	return closing
}

// closeAll closes statements no call uses any more. database/sql closes each
// on its connections once their open rows are closed.
func closeAll(stmts []*sql.Stmt) {
	for _, s := range stmts {
		_ = s.Close()
	}
}
