package invoicelifecycle

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
)

// The one-row moves take the caller's update of one invoice (built on its
// transaction's client, with the fields it writes alongside the status) and
// the status the caller read in that transaction; a move the table does not
// allow from it is ErrRefused and writes nothing.

// Paid saves u, the update of an invoice in status from that a payment
// settles, with the invoice paid.
func Paid(ctx context.Context, u *ent.InvoiceUpdateOne, from invoice.Status) (*ent.Invoice, error) {
	if err := check(paid, from); err != nil {
		return nil, err
	}
	return u.SetStatus(transitions[paid].to).Save(mark(ctx))
}

// Voided saves u, the update of an invoice in status from that a credit note
// covers whole, with the invoice void.
func Voided(ctx context.Context, u *ent.InvoiceUpdateOne, from invoice.Status) error {
	if err := check(voided, from); err != nil {
		return err
	}
	return u.SetStatus(transitions[voided].to).Exec(mark(ctx))
}
