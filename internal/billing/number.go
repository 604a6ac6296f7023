package billing

import (
	"context"
	"errors"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
)

// dialectOf is a predicate that adds nothing to an invoice query but stores
// the SQL dialect the query is built for in *d (the ent client does not
// expose its driver's).
func dialectOf(d *string) predicate.Invoice {
	return func(s *sql.Selector) { *d = s.Dialect() }
}

// numberDrafts writes the number, status and paid_at set on invs, with
// finalized_at and updated_at now and due_at due (invoicelifecycle.Finalize:
// one UPDATE per thousand invoices, drafts only). A row that is no longer a
// draft fails the call with a CONFLICT naming it, and the caller rolls back
// (no gap).
func numberDrafts(ctx context.Context, tx *ent.Tx, dialectName string, now, due time.Time, invs []*ent.Invoice) error {
	missed, err := invoicelifecycle.Finalize(ctx, tx, dialectName, now, due, invs)
	if err != nil || missed == nil {
		return err
	}
	return notNumbered(ctx, tx, missed)
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
