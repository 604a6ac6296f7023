package paymentlifecycle_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invoice"
	"github.com/vidra-dev/vidra/ent/transaction"
	"github.com/vidra-dev/vidra/internal/billing/paymentlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// newTransaction is the create of a Stripe transaction for a new invoice,
// with the status left at its default.
func newTransaction(t *testing.T, ctx context.Context, c *ent.Client) *ent.TransactionCreate {
	t.Helper()
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	nov := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	inv := c.Invoice.Create().SetOrganizationID(org.ID).SetKind(invoice.KindSubscription).
		SetCurrency("EUR").SetPeriodStart(nov).SetPeriodEnd(nov.AddDate(0, 1, 0)).SaveX(ctx)
	return c.Transaction.Create().SetOrganizationID(org.ID).SetInvoiceID(inv.ID).SetGateway(transaction.GatewayStripe).
		SetAmountMinor(700).SetCurrency("EUR").SetIdempotencyKey(uuid.NewString())
}

// TestMovesAndRefusals settles transactions on both databases, and checks
// that a move of a transaction no longer pending writes nothing.
func TestMovesAndRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			now := time.Now().UTC().Truncate(time.Second)
			p, err := paymentlifecycle.Opened(ctx, newTransaction(t, ctx, c))
			if err != nil || p.Status != transaction.StatusPending {
				t.Fatalf("Opened: %+v, %v", p, err)
			}
			ok, err := paymentlifecycle.Succeeded(ctx, c.Transaction.UpdateOne(p).SetGatewayRef("pi_1"), now)
			if err != nil || ok.Status != transaction.StatusSucceeded || ok.SettledAt == nil {
				t.Fatalf("Succeeded: %+v, %v", ok, err)
			}
			// succeeded is final: a late decline changes nothing.
			if _, err := paymentlifecycle.Failed(ctx, c.Transaction.UpdateOne(ok).SetError("x"), "declined", now); !ent.IsNotFound(err) {
				t.Fatalf("Failed of a succeeded transaction: %v, want not found", err)
			}
			if got := c.Transaction.GetX(ctx, ok.ID); got.Status != transaction.StatusSucceeded || got.Error != "" {
				t.Fatalf("a refused move changed the transaction: %+v", got)
			}
			q, err := paymentlifecycle.Opened(ctx, newTransaction(t, ctx, c))
			if err != nil {
				t.Fatal(err)
			}
			bad, err := paymentlifecycle.Failed(ctx, c.Transaction.UpdateOne(q), "declined", now)
			if err != nil || bad.Status != transaction.StatusFailed || bad.Error != "declined" {
				t.Fatalf("Failed: %+v, %v", bad, err)
			}
			if _, err := paymentlifecycle.Succeeded(ctx, c.Transaction.UpdateOne(bad), now); !ent.IsNotFound(err) {
				t.Fatalf("Succeeded of a failed transaction: %v, want not found", err)
			}
			m, err := paymentlifecycle.Recorded(ctx, newTransaction(t, ctx, c).SetGateway(transaction.GatewayManual), now)
			if err != nil || m.Status != transaction.StatusSucceeded || m.SettledAt == nil {
				t.Fatalf("Recorded: %+v, %v", m, err)
			}
		})
	}
}

// TestStatusOnlyThroughTheLifecycle: the Transaction schema's hook refuses a
// status set directly, on create and update, and passes the lifecycle's
// moves, other updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			create := newTransaction(t, ctx, c)
			if _, err := create.SetStatus(transaction.StatusSucceeded).Save(ctx); !errors.Is(err, paymentlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if n := c.Transaction.Query().CountX(ctx); n != 0 {
				t.Fatalf("a refused create saved a transaction: %d", n)
			}
			p := create.SetStatus(transaction.StatusPending).SaveX(ctx) // the default may be named
			if err := c.Transaction.UpdateOne(p).SetStatus(transaction.StatusSucceeded).Exec(ctx); !errors.Is(err, paymentlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := c.Transaction.Update().SetStatus(transaction.StatusFailed).Save(ctx); !errors.Is(err, paymentlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.Transaction.GetX(ctx, p.ID); got.Status != transaction.StatusPending {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if err := c.Transaction.UpdateOne(p).SetGatewayRef("pi_2").Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if err := c.Transaction.UpdateOne(p).SetStatus(transaction.StatusFailed).Exec(paymentlifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}
