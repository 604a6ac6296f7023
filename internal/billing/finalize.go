package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/invoicesequence"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/tenancy"
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
// longer a draft fails the whole call (the caller rolls back: no gap). The
// rows are read in one query and numbered in one UPDATE per thousand
// (numberDrafts, invoicelifecycle.Finalize), their events recorded in a few statements (emitInvoices)
// and their audit records written in bulk.
func (s *Service) finalizeTx(ctx context.Context, tx *ent.Tx, ids []uuid.UUID) (int, error) {
	sys := tenancy.SystemContext(ctx, "invoice numbers")
	first, err := takeNumbers(sys, tx, int64(len(ids)))
	if err != nil {
		return 0, err
	}
	now := s.now()
	due := now.AddDate(0, 0, s.paymentTermDays())
	var dialectName string
	rows, err := tx.Invoice.Query().Where(invoice.IDIn(ids...), dialectOf(&dialectName)).All(ctx)
	if err != nil {
		return 0, err
	}
	byID := make(map[uuid.UUID]*ent.Invoice, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	entries := make([]audit.Entry, 0, len(ids))
	numbered := make([]*ent.Invoice, 0, len(ids))
	evs := make([]invoiceEvent, 0, len(ids))
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
		inv.Number, inv.Status, inv.FinalizedAt, inv.DueAt, inv.PaidAt, inv.UpdatedAt = &number, status, &now, &due, paidAt, now
		numbered = append(numbered, inv)
		entries = append(entries, auditEntry(ctx, "billing.finalize", inv.OrganizationID, "Invoice", id, "update", map[string]any{
			"number": number, "status": status, "finalized_at": now, "due_at": due, "paid_at": paidAt}))
		evs = append(evs, invoiceEvent{typ: EventInvoiceFinalized, inv: inv})
		if paidAt != nil {
			evs = append(evs, invoiceEvent{typ: EventInvoicePaid, inv: inv})
		}
	}
	if err := numberDrafts(ctx, tx, dialectName, now, due, numbered); err != nil {
		return 0, err
	}
	if err := s.emitInvoices(ctx, tx, evs); err != nil {
		return 0, err
	}
	if err := audit.WriteMany(ctx, tx, entries); err != nil {
		return 0, err
	}
	return len(ids), nil
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
	return s.emitInvoices(ctx, tx, []invoiceEvent{{typ: typ, inv: inv, reason: reason}})
}
