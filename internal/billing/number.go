package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/predicate"
)

// numberChunk is how many invoices one numbering UPDATE writes (4 bound
// values each: SQLite binds at most 32766).
const numberChunk = 1000

// dialectOf is a predicate that adds nothing to an invoice query but stores
// the SQL dialect the query is built for in *d (the ent client does not
// expose its driver's).
func dialectOf(d *string) predicate.Invoice {
	return func(s *sql.Selector) { *d = s.Dialect() }
}

// numberDrafts writes the number, status and paid_at set on invs, with
// finalized_at and updated_at now and due_at due, in one UPDATE per
// numberChunk invoices: the per-invoice values are a VALUES list joined on the
// id (UPDATE ... FROM, which SQLite has since 3.33). Only drafts are updated,
// so a concurrent run cannot number a row twice: a row that is no longer a
// draft fails the call, and the caller rolls back (no gap).
func numberDrafts(ctx context.Context, tx *ent.Tx, dialectName string, now, due time.Time, invs []*ent.Invoice) error {
	for i := 0; i < len(invs); i += numberChunk {
		chunk := invs[i:min(i+numberChunk, len(invs))]
		query, args := numberStatement(dialectName, now, due, chunk)
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("finalize invoices: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("finalize invoices: %w", err)
		}
		if n != int64(len(chunk)) {
			return notNumbered(ctx, tx, chunk)
		}
	}
	return nil
}

// numberStatement is the UPDATE of numberDrafts for invs and its arguments.
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
		paid_at = v.paid_at, updated_at = %s FROM v WHERE invoices.id = v.id AND invoices.status = 'draft'`,
		param(now, "timestamptz"), param(due, "timestamptz"), param(now, "timestamptz"))
	return b.String(), args
}

// notNumbered is the conflict of a numbering UPDATE that missed rows: it names
// the first invoice of chunk that does not carry its new number (it was no
// longer a draft).
func notNumbered(ctx context.Context, tx *ent.Tx, chunk []*ent.Invoice) error {
	ids := make([]uuid.UUID, len(chunk))
	for i, inv := range chunk {
		ids[i] = inv.ID
	}
	rows, err := tx.Invoice.Query().Where(invoice.IDIn(ids...)).Select(invoice.FieldID, invoice.FieldNumber).All(ctx)
	if err != nil {
		return errors.Join(refuse(KindConflict, "an invoice is no longer a draft"), err)
	}
	got := make(map[uuid.UUID]string, len(rows))
	for _, r := range rows {
		if r.Number != nil {
			got[r.ID] = *r.Number
		}
	}
	for _, inv := range chunk {
		if got[inv.ID] != *inv.Number {
			return refuse(KindConflict, "invoice %s is no longer a draft", inv.ID)
		}
	}
	return refuse(KindConflict, "an invoice is no longer a draft")
}
