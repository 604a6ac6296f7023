package invoicelifecycle

import (
	"context"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
)

// numberChunk is how many invoices one numbering UPDATE writes (4 bound
// values each: SQLite binds at most 32766).
const numberChunk = 1000

// Finalize writes the number, status and paid_at set on invs (drafts the
// caller numbered: each finalized, or paid when its total is zero or less),
// with finalized_at and updated_at now and due_at due, in one UPDATE per
// numberChunk invoices: the per-invoice values are a VALUES list joined on the
// id (UPDATE ... FROM, which SQLite has since 3.33). dialectName is the
// transaction's SQL dialect. Only drafts are updated, so a concurrent run
// cannot number a row twice: when a chunk updates fewer rows than it holds,
// Finalize returns that chunk (some row was no longer a draft) and the caller
// rolls back. An invoice whose status is not one Finalized or SettledZero
// leads to is ErrRefused, before anything is written.
func Finalize(ctx context.Context, tx *ent.Tx, dialectName string, now, due time.Time, invs []*ent.Invoice) (missed []*ent.Invoice, err error) {
	for _, inv := range invs {
		if inv.Status != transitions[finalized].to && inv.Status != transitions[settledZero].to {
			return nil, fmt.Errorf("%w: a draft finalized as %s", ErrRefused, inv.Status)
		}
	}
	for i := 0; i < len(invs); i += numberChunk {
		chunk := invs[i:min(i+numberChunk, len(invs))]
		query, args := numberStatement(dialectName, now, due, chunk)
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return nil, fmt.Errorf("finalize invoices: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, fmt.Errorf("finalize invoices: %w", err)
		}
		if n != int64(len(chunk)) {
			return chunk, nil
		}
	}
	return nil, nil
}

// numberStatement is the UPDATE of Finalize for invs and its arguments.
// PostgreSQL gets numbered parameters, cast where VALUES would type them as
// text; SQLite gets anonymous ones (?), because its parser looks each named
// one ($n) up in a list of the names seen so far, which is quadratic in the
// thousands of parameters of the statement.
func numberStatement(dialectName string, now, due time.Time, invs []*ent.Invoice) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 4+4*len(invs))
	param := func(v any, typ string) string {
		args = append(args, v)
		if dialectName == dialect.Postgres {
			return fmt.Sprintf("$%d::%s", len(args), typ)
		}
		return "?"
	}
	b.WriteString("WITH v(id, number, status, paid_at) AS (VALUES ")
	for j, inv := range invs {
		if j > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(%s, %s, %s, %s)", param(inv.ID, "uuid"), param(*inv.Number, "text"),
			param(string(inv.Status), "text"), param(nullTime(inv.PaidAt), "timestamptz"))
	}
	fmt.Fprintf(&b, `) UPDATE invoices SET number = v.number, status = v.status, finalized_at = %s, due_at = %s,
		paid_at = v.paid_at, updated_at = %s FROM v WHERE invoices.id = v.id AND invoices.status = '%s'`,
		param(now, "timestamptz"), param(due, "timestamptz"), param(now, "timestamptz"), invoice.StatusDraft)
	return b.String(), args
}

// nullTime is t as a bound value: NULL when nil.
func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return *t
}
