package testdb

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/database"
)

// Counter is an ent driver that counts the statements it runs, inside
// transactions too, so tests can prove a request does not issue N+1 queries. It
// keeps their text too, for tests about what they are.
type Counter struct {
	dialect.Driver
	mu         sync.Mutex
	statements []string
}

// NewCounter wraps drv in a Counter.
func NewCounter(drv dialect.Driver) *Counter {
	return &Counter{Driver: drv}
}

// Count returns how many Exec and Query calls ran since the last Reset.
func (c *Counter) Count() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return int64(len(c.statements))
}

// Reset sets the count back to zero and forgets the statements.
func (c *Counter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.statements = nil
}

// Statements returns the text of the statements run since the last Reset.
func (c *Counter) Statements() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.statements...)
}

// record keeps a statement's text; the count is how many were kept.
func (c *Counter) record(query string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.statements = append(c.statements, query)
}

// Exec counts and runs a statement.
func (c *Counter) Exec(ctx context.Context, query string, args, v any) error {
	c.record(query)
	return c.Driver.Exec(ctx, query, args, v)
}

// Query counts and runs a query.
func (c *Counter) Query(ctx context.Context, query string, args, v any) error {
	c.record(query)
	return c.Driver.Query(ctx, query, args, v)
}

// Tx starts a transaction whose statements are counted.
func (c *Counter) Tx(ctx context.Context) (dialect.Tx, error) {
	tx, err := c.Driver.Tx(ctx)
	if err != nil {
		return nil, err
	}
	return &countingTx{Tx: tx, c: c}, nil
}

// BeginTx starts a transaction with options whose statements are counted;
// ent's Client.BeginTx needs it.
func (c *Counter) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	b, ok := c.Driver.(interface {
		BeginTx(context.Context, *sql.TxOptions) (dialect.Tx, error)
	})
	if !ok {
		return nil, fmt.Errorf("testdb: driver %T does not support BeginTx", c.Driver)
	}
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &countingTx{Tx: tx, c: c}, nil
}

// countingTx counts the statements of one transaction into its Counter.
type countingTx struct {
	dialect.Tx
	c *Counter
}

// Exec counts and runs a statement in the transaction.
func (tx *countingTx) Exec(ctx context.Context, query string, args, v any) error {
	tx.c.record(query)
	return tx.Tx.Exec(ctx, query, args, v)
}

// Query counts and runs a query in the transaction.
func (tx *countingTx) Query(ctx context.Context, query string, args, v any) error {
	tx.c.record(query)
	return tx.Tx.Query(ctx, query, args, v)
}

// OpenCounting is Open with a client whose statements the returned Counter
// counts.
func OpenCounting(t testing.TB, dialectName string, opts ...ent.Option) (*database.DB, *Counter) {
	t.Helper()
	db := Open(t, dialectName)
	c := NewCounter(db.Driver())
	db.Client = ent.NewClient(append([]ent.Option{ent.Driver(c)}, opts...)...)
	return db, c
}

// execQuerier is what database/sql-backed drivers and transactions add to
// dialect.Driver: the raw statements that the tenancy rules and the audit hook run.
type execQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func rawOf(v any) (execQuerier, error) {
	eq, ok := v.(execQuerier)
	if !ok {
		return nil, fmt.Errorf("testdb: %T does not run raw statements", v)
	}
	return eq, nil
}

// ExecContext counts and runs a raw statement.
func (c *Counter) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	c.record(query)
	eq, err := rawOf(c.Driver)
	if err != nil {
		return nil, err
	}
	return eq.ExecContext(ctx, query, args...)
}

// QueryContext counts and runs a raw query.
func (c *Counter) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.record(query)
	eq, err := rawOf(c.Driver)
	if err != nil {
		return nil, err
	}
	return eq.QueryContext(ctx, query, args...)
}

// ExecContext counts and runs a raw statement in the transaction.
func (tx *countingTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	tx.c.record(query)
	eq, err := rawOf(tx.Tx)
	if err != nil {
		return nil, err
	}
	return eq.ExecContext(ctx, query, args...)
}

// QueryContext counts and runs a raw query in the transaction.
func (tx *countingTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	tx.c.record(query)
	eq, err := rawOf(tx.Tx)
	if err != nil {
		return nil, err
	}
	return eq.QueryContext(ctx, query, args...)
}
