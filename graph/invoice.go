package graph

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoiceline"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// billingPage is the page size of invoices and transactions: 50 by default,
// at most 100.
func billingPage(first *int) (int, error) {
	switch {
	case first == nil:
		return 50, nil
	case *first < 1 || *first > 100:
		return 0, FieldError("first", "must be between 1 and 100")
	}
	return *first, nil
}

// billingCursor reads an after cursor: the id of the last row of the previous page.
func billingCursor(after *string) (*uuid.UUID, error) {
	if after == nil || *after == "" {
		return nil, nil
	}
	id, err := uuid.Parse(*after)
	if err != nil {
		return nil, FieldError("after", "not a cursor of this list")
	}
	return &id, nil
}

// invoices pages the current organization's invoices, newest first (ids are
// time-ordered).
func (r *Resolver) invoices(ctx context.Context, first *int, after, status *string) (*model.InvoiceConnection, error) {
	if _, err := requireBilling(ctx, perm.Read); err != nil {
		return nil, err
	}
	n, err := billingPage(first)
	if err != nil {
		return nil, err
	}
	cursor, err := billingCursor(after)
	if err != nil {
		return nil, err
	}
	q := r.db(ctx).Invoice.Query()
	if status != nil && *status != "" {
		if err := invoice.StatusValidator(invoice.Status(*status)); err != nil {
			return nil, FieldError("status", "must be draft, finalized, paid, void or uncollectible")
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
	out := &model.InvoiceConnection{Edges: []*model.InvoiceEdge{}, PageInfo: &model.BillingPageInfo{HasNextPage: len(rows) > n}}
	for i, row := range rows {
		if i == n {
			break
		}
		c := row.ID.String()
		out.Edges = append(out.Edges, &model.InvoiceEdge{Node: row, Cursor: c})
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

// invoiceByID is one invoice of the current organization.
func (r *Resolver) invoiceByID(ctx context.Context, id uuid.UUID) (*ent.Invoice, error) {
	if _, err := requireBilling(ctx, perm.Read); err != nil {
		return nil, err
	}
	inv, err := r.db(ctx).Invoice.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, NotFound("invoice")
	}
	return inv, err
}

// invoiceLines are an invoice's lines in order (read with the invoice's rights).
func (r *Resolver) invoiceLines(ctx context.Context, inv *ent.Invoice) ([]*ent.InvoiceLine, error) {
	return r.db(ctx).InvoiceLine.Query().Where(invoiceline.InvoiceID(inv.ID)).
		Order(ent.Asc(invoiceline.FieldPosition)).All(ctx)
}

// transactions pages the current organization's transactions, newest first.
func (r *Resolver) transactions(ctx context.Context, first *int, after *string) (*model.TransactionConnection, error) {
	if _, err := requireBilling(ctx, perm.Read); err != nil {
		return nil, err
	}
	n, err := billingPage(first)
	if err != nil {
		return nil, err
	}
	cursor, err := billingCursor(after)
	if err != nil {
		return nil, err
	}
	q := r.db(ctx).Transaction.Query()
	if cursor != nil {
		q.Where(transaction.IDLT(*cursor))
	}
	rows, err := q.Order(ent.Desc(transaction.FieldID)).Limit(n + 1).All(ctx)
	if err != nil {
		return nil, err
	}
	out := &model.TransactionConnection{Edges: []*model.TransactionEdge{}, PageInfo: &model.BillingPageInfo{HasNextPage: len(rows) > n}}
	for i, row := range rows {
		if i == n {
			break
		}
		c := row.ID.String()
		out.Edges = append(out.Edges, &model.TransactionEdge{Node: row, Cursor: c})
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

// payOverUsage invoices the current period's over-usage now.
func (r *Resolver) payOverUsage(ctx context.Context) (*ent.Invoice, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return nil, errors.New("payOverUsage: no transaction in context")
	}
	inv, err := r.billingService().InvoiceOverUsage(ctx, tx, pr.OrganizationID)
	return inv, billingError(err)
}

// createCheckoutSession opens a hosted Stripe Checkout Session that saves a
// card for the organization's invoices (charged off-session once finalized).
// The currency is planCode's plan's, else the current subscription's plan's.
// Without the gateway it refuses and names the way to pay.
func (r *Resolver) createCheckoutSession(ctx context.Context, planCode *string) (*model.CheckoutSession, error) {
	pr, err := requireBilling(ctx, perm.Write)
	if err != nil {
		return nil, err
	}
	if r.billing.Stripe == nil {
		return nil, Errorf(KindConflict, "checkout needs a card payment gateway (Stripe), which this server does not have "+
			"(VIDRA_STRIPE_SECRET_KEY is not set): invoices are paid by bank transfer and recorded on the admin host (manual gateway)")
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return nil, errors.New("createCheckoutSession: no transaction in context")
	}
	db := r.db(ctx)
	var p *ent.Plan
	switch {
	case planCode != nil && *planCode != "":
		if p, err = billing.PlanByCode(catalogueContext(ctx), db, *planCode); err != nil {
			return nil, billingError(err)
		}
		if p.ArchivedAt != nil {
			return nil, NotFound("plan")
		}
	default:
		cur, err := billing.Current(ctx, db, pr.OrganizationID)
		if err != nil {
			return nil, err
		}
		if cur == nil {
			return nil, FieldError("planCode", "required while the organization has no subscription (it sets the currency)")
		}
		if p, err = db.Plan.Get(catalogueContext(ctx), cur.PlanID); err != nil {
			return nil, err
		}
	}
	s, err := r.billing.Stripe.Checkout(ctx, tx, pr.OrganizationID, p.Currency)
	if err != nil {
		return nil, err
	}
	return &model.CheckoutSession{ID: s.ID, URL: s.URL}, nil
}

// adminRecordPayment records a manual payment for an invoice (admin host).
func (r *Resolver) adminRecordPayment(ctx context.Context, invoiceID uuid.UUID, in model.ManualPaymentInput) (*ent.Transaction, error) {
	return adminInvoiceChange(ctx, "record a payment", func(ctx context.Context, tx *ent.Tx) (*ent.Transaction, error) {
		return r.billingService().RecordManualPayment(ctx, tx, billing.ManualPayment{
			InvoiceID: invoiceID, AmountMinor: int64(in.AmountMinor), Reference: in.Reference})
	})
}

// adminIssueCreditNote credits an invoice (admin host).
func (r *Resolver) adminIssueCreditNote(ctx context.Context, invoiceID uuid.UUID, in model.CreditNoteInput) (*ent.Invoice, error) {
	return adminInvoiceChange(ctx, "issue a credit note", func(ctx context.Context, tx *ent.Tx) (*ent.Invoice, error) {
		return r.billingService().IssueCreditNote(ctx, tx, billing.CreditNote{
			InvoiceID: invoiceID, AmountMinor: int64(in.AmountMinor), Reason: in.Reason})
	})
}

// adminInvoiceChange runs change, an admin's change of an invoice, on the admin
// host only, in the operation's transaction and the system context; billing's
// refusals become the API's (an unknown invoice is NOT_FOUND).
func adminInvoiceChange[T any](ctx context.Context, what string, change func(context.Context, *ent.Tx) (T, error)) (T, error) {
	var zero T
	if err := requireAdminHost(ctx); err != nil {
		return zero, err
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		return zero, errors.New("admin host: " + what + ": no transaction in context")
	}
	out, err := change(tenancy.SystemContext(ctx, "admin host: "+what), tx)
	if err != nil {
		if e, ok := billing.AsError(err); ok && e.Kind == billing.KindNotFound {
			return zero, NotFound("invoice")
		}
		return zero, billingError(err)
	}
	return out, nil
}
