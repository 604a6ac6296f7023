package billing

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/internal/billing/invoicelifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestNumberDrafts numbers three drafts in one statement (one of them paid at
// once), then checks that a row no longer a draft (numbered by a concurrent
// run) fails the call with a conflict naming it.
func TestNumberDrafts(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			c := testdb.Open(t, d).Client
			ctx := tenancy.SystemContext(context.Background(), "number drafts test")
			org := c.Organization.Create().SetName("Acme").SaveX(ctx)
			nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			drafts := func() []*ent.Invoice {
				var out []*ent.Invoice
				for i, total := range []int64{700, 0, 1200} {
					out = append(out, c.Invoice.Create().SetOrganizationID(org.ID).SetKind(invoice.KindSubscription).
						SetCurrency("EUR").SetPeriodStart(nov.AddDate(0, i, 0)).SetPeriodEnd(nov.AddDate(0, i+1, 0)).
						SetTotalMinor(total).SaveX(ctx))
				}
				return out
			}
			now := time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)
			due := now.AddDate(0, 0, 14)
			prepare := func(invs []*ent.Invoice, first int) {
				for i, inv := range invs {
					n := fmt.Sprintf("T-%d", first+i)
					inv.Number, inv.Status, inv.PaidAt = &n, invoice.StatusFinalized, nil
					if inv.TotalMinor <= 0 {
						inv.Status, inv.PaidAt = invoice.StatusPaid, &now
					}
				}
			}
			invs := drafts()
			prepare(invs, 1)
			tx, err := c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var dialectName string
			tx.Invoice.Query().Where(dialectOf(&dialectName)).CountX(ctx)
			if dialectName != d {
				t.Fatalf("dialect %q, want %q", dialectName, d)
			}
			if err := numberDrafts(ctx, tx, dialectName, now, due, invs); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
			for _, want := range invs {
				got := c.Invoice.GetX(ctx, want.ID)
				if got.Number == nil || *got.Number != *want.Number || got.Status != want.Status ||
					got.FinalizedAt == nil || !got.FinalizedAt.Equal(now) || got.DueAt == nil || !got.DueAt.Equal(due) ||
					!got.UpdatedAt.Equal(now) || (want.PaidAt == nil) != (got.PaidAt == nil) ||
					(got.PaidAt != nil && !got.PaidAt.Equal(now)) {
					t.Fatalf("invoice %+v, want number %s, %s, paid at %v", got, *want.Number, want.Status, want.PaidAt)
				}
			}

			// A concurrent run numbered the middle one first: the call fails.
			invs = drafts()
			prepare(invs, 10)
			c.Invoice.UpdateOneID(invs[1].ID).SetStatus(invoice.StatusFinalized).SetNumber("OTHER-1").ExecX(invoicelifecycle.ForTest(ctx))
			if tx, err = c.Tx(ctx); err != nil {
				t.Fatal(err)
			}
			err = numberDrafts(ctx, tx, d, now, due, invs)
			_ = tx.Rollback()
			var be *Error
			if !errors.As(err, &be) || be.Kind != KindConflict || be.Error() != fmt.Sprintf("invoice %s is no longer a draft", invs[1].ID) {
				t.Fatalf("err %v, want the conflict of invoice %s", err, invs[1].ID)
			}
			if got := c.Invoice.GetX(ctx, invs[0].ID); got.Number != nil || got.Status != invoice.StatusDraft {
				t.Fatalf("rolled back invoice %+v", got)
			}
		})
	}
}
