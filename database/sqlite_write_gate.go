package database

import (
	"context"
	"database/sql"
	"errors"
	"sync"
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

// gatedDriver lets one ent transaction at a time take a connection and BEGIN
// IMMEDIATE (SQLite's write lock). Without it, waiting transactions each hold
// a pooled connection while SQLite's busy handler spins on the lock; when they
// fill the pool, the holder cannot get the connection it reads with beside its
// own (a lookup through the root client, a cache fill) and everyone waits out
// the 10 s busy timeout: SQLITE_BUSY for the waiters and for the job queue's
// heartbeat. Waiting on this gate holds no connection.
type gatedDriver struct {
	dialect.Driver
	rawSQL
	gate chan struct{}
}

// gateSQLite wraps drv with the write gate of db.
func gateSQLite(db *sql.DB, drv dialect.Driver) dialect.Driver {
	g, _ := sqliteGates.LoadOrStore(db, make(chan struct{}, 1))
	return &gatedDriver{Driver: drv, rawSQL: rawSQL{drv}, gate: g.(chan struct{})}
}

// Tx begins a transaction once the gate is free.
func (d *gatedDriver) Tx(ctx context.Context) (dialect.Tx, error) {
	return d.BeginTx(ctx, nil)
}

// BeginTx begins a transaction with options once the gate is free.
func (d *gatedDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	wait := time.NewTimer(sqliteGateWait)
	defer wait.Stop()
	select {
	case d.gate <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-wait.C:
		return nil, ErrSQLiteBusy
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
		<-d.gate
		return nil, err
	}
	return &gatedTx{Tx: tx, rawSQL: rawSQL{tx}, release: sync.OnceFunc(func() { <-d.gate })}, nil
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
