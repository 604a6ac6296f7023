package billing

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoiceline"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Page is one page of a billing list, newest first: the rows, and whether
// more follow.
type Page[T any] struct {
	Rows        []T
	HasNextPage bool
}

// pageSize is the page size of invoices and transactions: 50 by default, at
// most 100.
func pageSize(first *int) (int, error) {
	switch {
	case first == nil:
		return 50, nil
	case *first < 1 || *first > 100:
		return 0, fault.FieldError("first", "must be between 1 and 100")
	}
	return *first, nil
}

// pageCursor reads an after cursor: the id of the last row of the previous page.
func pageCursor(after *string) (*uuid.UUID, error) {
	if after == nil || *after == "" {
		return nil, nil
	}
	id, err := uuid.Parse(*after)
	if err != nil {
		return nil, fault.FieldError("after", "not a cursor of this list")
	}
	return &id, nil
}

// readablePage checks that the caller may read its organization's billing and
// returns the page's size and cursor (nil: the first page) from first and after.
func readablePage(ctx context.Context, first *int, after *string) (int, *uuid.UUID, error) {
	if _, err := requireBilling(ctx, perm.Read); err != nil {
		return 0, nil, err
	}
	n, err := pageSize(first)
	if err != nil {
		return 0, nil, err
	}
	cursor, err := pageCursor(after)
	return n, cursor, err
}

// pageOf is rows, read with one more than n, as a page of n.
func pageOf[T any](rows []T, n int) *Page[T] {
	return &Page[T]{Rows: rows[:min(n, len(rows))], HasNextPage: len(rows) > n}
}

// Invoices pages the caller's organization's invoices, newest first (ids are
// time-ordered), of status when given.
func (d *Desk) Invoices(ctx context.Context, first *int, after, status *string) (*Page[*ent.Invoice], error) {
	n, cursor, err := readablePage(ctx, first, after)
	if err != nil {
		return nil, err
	}
	q := d.db(ctx).Invoice.Query()
	if status != nil && *status != "" {
		if err := invoice.StatusValidator(invoice.Status(*status)); err != nil {
			return nil, fault.FieldError("status", "must be draft, finalized, paid, void or uncollectible")
		}
		q.Where(invoice.StatusEQ(invoice.Status(*status)))
	}
	if cursor != nil {
		q.Where(invoice.IDLT(*cursor))
	}
	rows, err := q.Order(ent.Desc(invoice.FieldID)).Limit(n + 1).All(ctx)
	if err != nil {
		return nil, err
	}
	return pageOf(rows, n), nil
}

// Invoice is one invoice of the caller's organization.
func (d *Desk) Invoice(ctx context.Context, id uuid.UUID) (*ent.Invoice, error) {
	if _, err := requireBilling(ctx, perm.Read); err != nil {
		return nil, err
	}
	inv, err := d.db(ctx).Invoice.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("invoice")
	}
	return inv, err
}

// InvoiceLines are an invoice's lines in order (read with the invoice's rights).
func (d *Desk) InvoiceLines(ctx context.Context, inv *ent.Invoice) ([]*ent.InvoiceLine, error) {
	return d.db(ctx).InvoiceLine.Query().Where(invoiceline.InvoiceID(inv.ID)).
		Order(ent.Asc(invoiceline.FieldPosition)).All(ctx)
}

// Transactions pages the caller's organization's transactions, newest first.
func (d *Desk) Transactions(ctx context.Context, first *int, after *string) (*Page[*ent.Transaction], error) {
	n, cursor, err := readablePage(ctx, first, after)
	if err != nil {
		return nil, err
	}
	q := d.db(ctx).Transaction.Query()
	if cursor != nil {
		q.Where(transaction.IDLT(*cursor))
	}
	rows, err := q.Order(ent.Desc(transaction.FieldID)).Limit(n + 1).All(ctx)
	if err != nil {
		return nil, err
	}
	return pageOf(rows, n), nil
}

// PayOverUsage invoices the current period's over-usage now (Service.InvoiceOverUsage).
func (d *Desk) PayOverUsage(ctx context.Context) (*ent.Invoice, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	var inv *ent.Invoice
	err = d.inTx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		inv, err = d.svc.InvoiceOverUsage(ctx, tx, pr.OrganizationID)
		return err
	})
	return inv, Fault(err)
}

// Checkout opens a hosted checkout that saves a card for the organization's
// invoices (charged off-session once finalized). The currency is planCode's
// plan's, else the current subscription's plan's. Without a card gateway it
// refuses and names the way to pay.
func (d *Desk) Checkout(ctx context.Context, planCode *string) (*CheckoutSession, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	if d.checkout == nil {
		return nil, fault.Errorf(fault.KindConflict, "checkout needs a card payment gateway (Stripe), which this server does not have "+
			"(VIDRA_STRIPE_SECRET_KEY is not set): invoices are paid by bank transfer and recorded on the admin host (manual gateway)")
	}
	var s *CheckoutSession
	err = d.inTx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		db := tx.Client()
		var p *ent.Plan
		switch {
		case planCode != nil && *planCode != "":
			if p, err = PlanByCode(catalogueContext(ctx), db, *planCode); err != nil {
				return Fault(err)
			}
			if p.ArchivedAt != nil {
				return fault.NotFound("plan")
			}
		default:
			cur, err := Current(ctx, db, pr.OrganizationID)
			if err != nil {
				return err
			}
			if cur == nil {
				return fault.FieldError("planCode", "required while the organization has no subscription (it sets the currency)")
			}
			if p, err = db.Plan.Get(catalogueContext(ctx), cur.PlanID); err != nil {
				return err
			}
		}
		s, err = d.checkout(ctx, tx, pr.OrganizationID, p.Currency)
		return err
	})
	return s, err
}

// AdminRecordPayment records a manual payment for an invoice (admin host).
func (d *Desk) AdminRecordPayment(ctx context.Context, p ManualPayment) (*ent.Transaction, error) {
	return adminInvoiceChange(ctx, d, "record a payment", func(ctx context.Context, tx *ent.Tx) (*ent.Transaction, error) {
		return d.svc.RecordManualPayment(ctx, tx, p)
	})
}

// AdminIssueCreditNote credits an invoice (admin host).
func (d *Desk) AdminIssueCreditNote(ctx context.Context, c CreditNote) (*ent.Invoice, error) {
	return adminInvoiceChange(ctx, d, "issue a credit note", func(ctx context.Context, tx *ent.Tx) (*ent.Invoice, error) {
		return d.svc.IssueCreditNote(ctx, tx, c)
	})
}

// adminInvoiceChange runs change, an admin's change of an invoice, on the admin
// host only, in the operation's transaction and the system context; billing's
// refusals become the API's (an unknown invoice is NOT_FOUND).
func adminInvoiceChange[T any](ctx context.Context, d *Desk, what string, change func(context.Context, *ent.Tx) (T, error)) (T, error) {
	var zero T
	if err := requireAdminHost(ctx); err != nil {
		return zero, err
	}
	var out T
	err := d.inTx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		var err error
		out, err = change(tenancy.SystemContext(ctx, "admin host: "+what), tx)
		return err
	})
	if err != nil {
		if e, ok := AsError(err); ok && e.Kind == KindNotFound {
			return zero, fault.NotFound("invoice")
		}
		return zero, Fault(err)
	}
	return out, nil
}

// InvoicePDFFile is an invoice's PDF as the API answers it.
type InvoicePDFFile struct {
	Filename    string
	ContentType string
	Size        int
	Sha256      string
	// Content is the PDF, base64 (standard encoding).
	Content string
}

// InvoicePDF is the PDF of one invoice of the caller's organization (billing
// read): the stored rendering, or one made now if the periodic job has not
// come to it yet. A draft has none (CONFLICT).
func (d *Desk) InvoicePDF(ctx context.Context, id uuid.UUID) (*InvoicePDFFile, error) {
	inv, err := d.Invoice(ctx, id)
	if err != nil {
		return nil, err
	}
	if d.pdfs == nil {
		return nil, fmt.Errorf("invoice pdf: no blob storage configured for invoice PDFs")
	}
	b, err := d.pdfs.PDF(ctx, inv)
	if err != nil {
		return nil, Fault(err)
	}
	sum := sha256.Sum256(b)
	return &InvoicePDFFile{Filename: PDFName(inv), ContentType: PDFContentType, Size: len(b),
		Sha256: hex.EncodeToString(sum[:]), Content: base64.StdEncoding.EncodeToString(b)}, nil
}
