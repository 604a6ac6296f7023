package invoicelifecycle_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// newInvoice is the create of an invoice of a new organization, with the
// status left at its default (draft).
func newInvoice(t *testing.T, ctx context.Context, c *ent.Client) *ent.InvoiceCreate {
	t.Helper()
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	return c.Invoice.Create().SetOrganizationID(org.ID).SetKind(invoice.KindSubscription).
		SetCurrency("EUR").SetPeriodStart(nov).SetPeriodEnd(nov.AddDate(0, 1, 0)).SetTotalMinor(700)
}

// TestMovesAndRefusals finalizes, pays and voids invoices on both databases,
// and checks that an illegal move writes nothing.
func TestMovesAndRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			draft := newInvoice(t, ctx, c).SaveX(ctx)
			if draft.Status != invoice.StatusDraft {
				t.Fatalf("a new invoice is %s", draft.Status)
			}
			// A draft is neither paid nor voided before it is finalized.
			if _, err := invoicelifecycle.Paid(ctx, c.Invoice.UpdateOne(draft).SetAmountPaidMinor(700), draft.Status); !errors.Is(err, invoicelifecycle.ErrRefused) {
				t.Fatalf("Paid of a draft: %v, want ErrRefused", err)
			}
			if err := invoicelifecycle.Voided(ctx, c.Invoice.UpdateOne(draft), draft.Status); !errors.Is(err, invoicelifecycle.ErrRefused) {
				t.Fatalf("Voided of a draft: %v, want ErrRefused", err)
			}
			if got := c.Invoice.GetX(ctx, draft.ID); got.Status != invoice.StatusDraft || got.AmountPaidMinor != 0 {
				t.Fatalf("a refused move changed the invoice: %+v", got)
			}
			// Finalize numbers drafts only: a row finalized already is missed.
			tx, err := c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC().Truncate(time.Second)
			number := "INV-000001"
			draft.Number, draft.Status = &number, invoice.StatusFinalized
			if missed, err := invoicelifecycle.Finalize(ctx, tx, d, now, now.AddDate(0, 0, 14), []*ent.Invoice{draft}); err != nil || missed != nil {
				t.Fatalf("Finalize: missed %v, %v", missed, err)
			}
			again := *draft
			again.Status = invoice.StatusPaid
			if missed, err := invoicelifecycle.Finalize(ctx, tx, d, now, now, []*ent.Invoice{&again}); err != nil || len(missed) != 1 {
				t.Fatalf("Finalize of an invoice finalized already: missed %v, %v", missed, err)
			}
			again.Status = invoice.StatusVoid
			if _, err := invoicelifecycle.Finalize(ctx, tx, d, now, now, []*ent.Invoice{&again}); !errors.Is(err, invoicelifecycle.ErrRefused) {
				t.Fatalf("Finalize as void: %v, want ErrRefused", err)
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			fin := c.Invoice.GetX(ctx, draft.ID)
			if fin.Status != invoice.StatusFinalized || fin.Number == nil || *fin.Number != number {
				t.Fatalf("Finalize wrote %+v", fin)
			}
			paid, err := invoicelifecycle.Paid(ctx, c.Invoice.UpdateOne(fin).SetAmountPaidMinor(700), fin.Status)
			if err != nil || paid.Status != invoice.StatusPaid {
				t.Fatalf("Paid: %+v, %v", paid, err)
			}
			// paid is final.
			if err := invoicelifecycle.Voided(ctx, c.Invoice.UpdateOne(paid), paid.Status); !errors.Is(err, invoicelifecycle.ErrRefused) {
				t.Fatalf("Voided of a paid invoice: %v, want ErrRefused", err)
			}
			other := newInvoice(t, ctx, c).SaveX(invoicelifecycle.ForTest(ctx))
			other = c.Invoice.UpdateOne(other).SetStatus(invoice.StatusFinalized).SaveX(invoicelifecycle.ForTest(ctx))
			if err := invoicelifecycle.Voided(ctx, c.Invoice.UpdateOne(other), other.Status); err != nil {
				t.Fatalf("Voided: %v", err)
			}
			if got := c.Invoice.GetX(ctx, other.ID); got.Status != invoice.StatusVoid {
				t.Fatalf("Voided wrote %s", got.Status)
			}
		})
	}
}

// TestStatusOnlyThroughTheLifecycle: the Invoice schema's hook refuses a
// status set directly, on create and update, and passes the lifecycle's
// moves, other updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			create := newInvoice(t, ctx, c)
			if _, err := create.SetStatus(invoice.StatusPaid).Save(ctx); !errors.Is(err, invoicelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if n := c.Invoice.Query().CountX(ctx); n != 0 {
				t.Fatalf("a refused create saved an invoice: %d", n)
			}
			inv := create.SetStatus(invoice.StatusDraft).SaveX(ctx) // the default may be named
			if err := c.Invoice.UpdateOne(inv).SetStatus(invoice.StatusPaid).Exec(ctx); !errors.Is(err, invoicelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := c.Invoice.Update().SetStatus(invoice.StatusVoid).Save(ctx); !errors.Is(err, invoicelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.Invoice.GetX(ctx, inv.ID); got.Status != invoice.StatusDraft {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if err := c.Invoice.UpdateOne(inv).SetTotalMinor(800).Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if err := c.Invoice.UpdateOne(inv).SetStatus(invoice.StatusFinalized).Exec(invoicelifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}
