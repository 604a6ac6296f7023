package database

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
)

// sqliteGateWait bounds the wait for the write gate, as busy_timeout bounds
// the wait for SQLite's lock.
const sqliteGateWait = 10 * time.Second

// ErrSQLiteBusy means a transaction waited sqliteGateWait for another to end.
var ErrSQLiteBusy = errors.New("database: another write transaction held the SQLite database for too long")

// sqliteGates holds one write gate per SQLite pool (*sql.DB), shared by every
// ent driver built over it.
var sqliteGates sync.Map

// writeGate is the gate of one pool and the count of its waiters.
type writeGate struct {
	held    chan struct{}
	waiting atomic.Int32
}

// gatedDriver lets one ent transaction, or write outside one, at a time take
// a connection and BEGIN IMMEDIATE (SQLite's write lock). Without it, waiting transactions each hold
// a pooled connection while SQLite's busy handler spins on the lock; when they
// fill the pool, the holder cannot get the connection it reads with beside its
// own (a lookup through the root client, a cache fill) and everyone waits out
// the 10 s busy timeout: SQLITE_BUSY for the waiters and for the job queue's
// heartbeat. Waiting on this gate holds no connection.
type gatedDriver struct {
	dialect.Driver
	rawSQL
	gate chan struct{}
	// waiting counts the callers waiting for the gate (tests read it).
	waiting *atomic.Int32
}

// gateSQLite wraps drv with the write gate of db.
func gateSQLite(db *sql.DB, drv dialect.Driver) dialect.Driver {
	g, _ := sqliteGates.LoadOrStore(db, &writeGate{held: make(chan struct{}, 1)})
	wg := g.(*writeGate)
	return &gatedDriver{Driver: drv, rawSQL: rawSQL{drv}, gate: wg.held, waiting: &wg.waiting}
}

// Tx begins a transaction once the gate is free.
func (d *gatedDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	return d.BeginTx(ctx, nil)
}

// BeginTx begins a transaction with options once the gate is free.
func (d *gatedDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	if err := d.enter(ctx); err != nil {
		return nil, err
	}
	var (
		tx  dialect.Tx
		err error
	)
	if b, ok := d.Driver.(interface {
		BeginTx(context.Context, *sql.TxOptions) (dialect.Tx, error)
	}); ok {
		tx, err = b.BeginTx(ctx, opts)
	} else {
		tx, err = d.Driver.Tx(ctx)
	}
	if err != nil {
		d.leave()
		return nil, err
	}
	return &gatedTx{Tx: tx, rawSQL: rawSQL{tx}, release: sync.OnceFunc(d.leave)}, nil
}

// Exec runs a statement outside a transaction; a write waits for the gate
// first, as a transaction does, instead of waiting for SQLite's lock on a
// pooled connection (busy_timeout), which would hold that connection.
func (d *gatedDriver) Exec(ctx context.Context, query string, args, v any) error {
	return d.writing(ctx, query, func() error { return d.Driver.Exec(ctx, query, args, v) })
}

// Query runs a query outside a transaction; a write (INSERT ... RETURNING)
// waits for the gate first, as Exec does.
func (d *gatedDriver) Query(ctx context.Context, query string, args, v any) error {
	return d.writing(ctx, query, func() error { return d.Driver.Query(ctx, query, args, v) })
}

// ExecContext runs a raw statement outside a transaction, behind the gate
// when it writes.
func (d *gatedDriver) ExecContext(ctx context.Context, query string, args ...any) (res sql.Result, err error) {
	err = d.writing(ctx, query, func() error {
		res, err = d.rawSQL.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}

// writing runs a statement outside a transaction: at once when it only
// reads, holding the gate when it writes.
func (d *gatedDriver) writing(ctx context.Context, query string, run func() error) error {
	if !isWrite(query) {
		return run()
	}
	if err := d.enter(ctx); err != nil {
		return err
	}
	defer d.leave()
	return run()
}

// enter waits up to sqliteGateWait for the gate.
func (d *gatedDriver) enter(ctx context.Context) error {
	d.waiting.Add(1)
	defer d.waiting.Add(-1)
	wait := time.NewTimer(sqliteGateWait)
	defer wait.Stop()
	select {
	case d.gate <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-wait.C:
		return ErrSQLiteBusy
	}
}

// leave frees the gate.
func (d *gatedDriver) leave() { <-d.gate }

// isWrite reports whether a statement writes: its first word is INSERT,
// UPDATE, DELETE or REPLACE.
func isWrite(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	for _, verb := range []string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
		if len(q) >= len(verb) && strings.EqualFold(q[:len(verb)], verb) {
			return true
		}
	}
	return false
}

// gatedTx frees the gate when it ends.
type gatedTx struct {
	dialect.Tx
	rawSQL
	release func()
}

// Commit commits and frees the gate.
func (t *gatedTx) Commit() error {
	defer t.release()
	return t.Tx.Commit()
}

// Rollback rolls back and frees the gate.
func (t *gatedTx) Rollback() error {
	defer t.release()
	return t.Tx.Rollback()
}

// sqlExecQuerier is what entsql's driver and transaction offer beside
// dialect's Exec and Query, which ent's generated ExecContext and QueryContext use.
type sqlExecQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// errNoRawSQL means the wrapped driver or transaction does not run raw SQL.
var errNoRawSQL = errors.New("database: raw SQL is not supported by the wrapped driver")

// rawSQL gives a wrapper the raw SQL methods of what it wraps (the driver or
// the transaction), which embedding dialect's interfaces does not promote.
type rawSQL struct{ inner any }

// ExecContext runs a raw statement on the wrapped driver or transaction.
func (r rawSQL) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if q, ok := r.inner.(sqlExecQuerier); ok {
		return q.ExecContext(ctx, query, args...)
	}
	return nil, errNoRawSQL
}

// QueryContext runs a raw query on the wrapped driver or transaction.
func (r rawSQL) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if q, ok := r.inner.(sqlExecQuerier); ok {
		return q.QueryContext(ctx, query, args...)
	}
	return nil, errNoRawSQL
}
