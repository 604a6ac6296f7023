package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/audit"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoicesequence"
	"github.com/vidra-dev/vidra/ent/project"
	"github.com/vidra-dev/vidra/tenancy"
)

// finalizeChunk is how many drafts one finalizing transaction numbers.
const finalizeChunk = 1000

// invoiceSeries is the name of the invoice number counter.
const invoiceSeries = "invoice"

func (s *Service) draftWindow() time.Duration {
	if s.DraftWindow > 0 {
		return s.DraftWindow
	}
	return time.Hour
}

func (s *Service) paymentTermDays() int {
	if s.PaymentTermDays > 0 {
		return s.PaymentTermDays
	}
	return 14
}

func (s *Service) numberPrefix() string {
	if s.NumberPrefix != "" {
		return s.NumberPrefix
	}
	return "INV-"
}

// FinalizeDue finalizes the drafts older than the draft window, oldest first,
// in transactions of finalizeChunk: each takes its numbers from the gapless
// counter (UPDATE next = next + n) in the transaction that finalizes the
// invoices, so a rolled-back chunk gives its numbers back. A zero (or
// negative) total is paid at once. invoice.finalized (and invoice.paid) are
// recorded in the same transaction. It returns the invoices finalized.
func (s *Service) FinalizeDue(ctx context.Context) (int, error) {
	ctx = tenancy.SystemContext(ctx, "finalize invoices")
	cutoff := s.now().Add(-s.draftWindow())
	ids, err := s.Client.Invoice.Query().Where(invoice.StatusEQ(invoice.StatusDraft), invoice.CreatedAtLTE(cutoff)).
		Order(ent.Asc(invoice.FieldCreatedAt), ent.Asc(invoice.FieldID)).IDs(ctx)
	if err != nil {
		return 0, err
	}
	done := 0
	for i := 0; i < len(ids); i += finalizeChunk {
		n, err := s.finalize(ctx, ids[i:min(i+finalizeChunk, len(ids))])
		if err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}

// FinalizeInvoice finalizes one draft now (an over-usage invoice is not held
// for the draft window).
func (s *Service) FinalizeInvoice(ctx context.Context, tx *ent.Tx, id uuid.UUID) (*ent.Invoice, error) {
	if _, err := s.finalizeTx(ctx, tx, []uuid.UUID{id}); err != nil {
		return nil, err
	}
	return tx.Invoice.Get(ctx, id)
}

func (s *Service) finalize(ctx context.Context, ids []uuid.UUID) (int, error) {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return 0, err
	}
	n, err := s.finalizeTx(ctx, tx, ids)
	if err != nil {
		return 0, errors.Join(err, tx.Rollback())
	}
	return n, tx.Commit()
}

// finalizeTx numbers and finalizes the drafts ids in tx; a row that is no
// longer a draft fails the whole call (the caller rolls back: no gap).
func (s *Service) finalizeTx(ctx context.Context, tx *ent.Tx, ids []uuid.UUID) (int, error) {
	sys := tenancy.SystemContext(ctx, "invoice numbers")
	first, err := takeNumbers(sys, tx, int64(len(ids)))
	if err != nil {
		return 0, err
	}
	now := s.now()
	due := now.AddDate(0, 0, s.paymentTermDays())
	rows, err := tx.Invoice.Query().Where(invoice.IDIn(ids...)).All(ctx)
	if err != nil {
		return 0, err
	}
	byID := make(map[uuid.UUID]*ent.Invoice, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	entries := make([]audit.Entry, 0, len(ids))
	for i, id := range ids {
		inv := byID[id]
		if inv == nil {
			return 0, refuse(KindNotFound, "invoice %s not found", id)
		}
		if inv.Status != invoice.StatusDraft {
			return 0, refuse(KindConflict, "invoice %s is %s, not a draft", id, inv.Status)
		}
		number := fmt.Sprintf("%s%06d", s.numberPrefix(), first+int64(i))
		status, paidAt := invoice.StatusFinalized, (*time.Time)(nil)
		if inv.TotalMinor <= 0 {
			status, paidAt = invoice.StatusPaid, &now
		}
		// One statement per invoice (ent's UpdateOne would read the row back,
		// and its audit hook write one record per row: they are written in bulk
		// below). The draft condition keeps a concurrent run from numbering twice.
		res, err := tx.ExecContext(ctx, `UPDATE invoices SET number = $1, status = $2, finalized_at = $3, due_at = $4,
			paid_at = $5, updated_at = $3 WHERE id = $6 AND status = 'draft'`, number, string(status), now, due, nullTime(paidAt), id)
		if err != nil {
			return 0, fmt.Errorf("finalize invoice %s: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return 0, errors.Join(refuse(KindConflict, "invoice %s is no longer a draft", id), err)
		}
		inv.Number, inv.Status, inv.FinalizedAt, inv.DueAt, inv.PaidAt, inv.UpdatedAt = &number, status, &now, &due, paidAt, now
		entries = append(entries, auditEntry(ctx, "billing.finalize", inv.OrganizationID, "Invoice", id, "update", map[string]any{
			"number": number, "status": status, "finalized_at": now, "due_at": due, "paid_at": paidAt}))
		if err := s.emitInvoice(ctx, tx, EventInvoiceFinalized, inv, ""); err != nil {
			return 0, err
		}
		if paidAt != nil {
			if err := s.emitInvoice(ctx, tx, EventInvoicePaid, inv, ""); err != nil {
				return 0, err
			}
		}
	}
	if err := audit.WriteMany(ctx, tx, entries); err != nil {
		return 0, err
	}
	return len(ids), nil
}

// nullTime is t as a bound value: NULL when nil.
func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return *t
}

// takeNumbers reserves n consecutive invoice numbers in tx and returns the
// first: the counter row is created at 1 when missing, then advanced by n.
func takeNumbers(ctx context.Context, tx *ent.Tx, n int64) (int64, error) {
	if err := tx.InvoiceSequence.Create().SetName(invoiceSeries).SetNext(1).
		OnConflictColumns(invoicesequence.FieldName).Ignore().Exec(ctx); err != nil {
		return 0, fmt.Errorf("invoice numbers: %w", err)
	}
	// The UPDATE takes the row's lock (PostgreSQL) or the write lock (SQLite)
	// before the read, so concurrent finalizations queue.
	if err := tx.InvoiceSequence.Update().Where(invoicesequence.Name(invoiceSeries)).AddNext(n).Exec(ctx); err != nil {
		return 0, fmt.Errorf("invoice numbers: %w", err)
	}
	seq, err := tx.InvoiceSequence.Query().Where(invoicesequence.Name(invoiceSeries)).Only(ctx)
	if err != nil {
		return 0, fmt.Errorf("invoice numbers: %w", err)
	}
	return seq.Next - n, nil
}

// InvoiceData is an invoice in invoice.* events.
type InvoiceData struct {
	ID              string `json:"id"`
	OrganizationID  string `json:"organization_id"`
	SubscriptionID  string `json:"subscription_id,omitempty"`
	Kind            string `json:"kind"`
	Status          string `json:"status"`
	Number          string `json:"number"`
	Currency        string `json:"currency"`
	TotalMinor      int64  `json:"total_minor"`
	AmountPaidMinor int64  `json:"amount_paid_minor"`
	PeriodStart     string `json:"period_start"`
	PeriodEnd       string `json:"period_end"`
	DueAt           string `json:"due_at"`
	Error           string `json:"error,omitempty"`
}

// emitInvoice logs an invoice event and records it for every project of the
// invoice's organization (billing events are organization-wide).
func (s *Service) emitInvoice(ctx context.Context, tx *ent.Tx, typ string, inv *ent.Invoice, reason string) error {
	ctx = audit.WithOrganization(ctx, inv.OrganizationID) // the events' audit records
	s.log().InfoContext(ctx, "invoice change", "event", typ, "invoice_id", inv.ID,
		"organization_id", inv.OrganizationID, "status", inv.Status, "total_minor", inv.TotalMinor)
	if s.Events == nil {
		return nil
	}
	sys := tenancy.SystemContext(ctx, "projects of a billing event")
	ids, err := tx.Project.Query().Where(project.OrganizationID(inv.OrganizationID)).IDs(sys)
	if err != nil {
		return err
	}
	d := InvoiceData{ID: inv.ID.String(), OrganizationID: inv.OrganizationID.String(), Kind: string(inv.Kind),
		Status: string(inv.Status), Currency: inv.Currency, TotalMinor: inv.TotalMinor, AmountPaidMinor: inv.AmountPaidMinor,
		PeriodStart: FormatTime(&inv.PeriodStart), PeriodEnd: FormatTime(&inv.PeriodEnd), DueAt: FormatTime(inv.DueAt), Error: reason}
	if inv.SubscriptionID != nil {
		d.SubscriptionID = inv.SubscriptionID.String()
	}
	if inv.Number != nil {
		d.Number = *inv.Number
	}
	for _, id := range ids {
		if _, err := s.Events.Record(ctx, tx, typ, id, d); err != nil {
			return err
		}
	}
	return nil
}
