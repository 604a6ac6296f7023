package subscriptionlifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// newSubscription is the create of a subscription of a new organization to a
// new plan, with the status left at its default.
func newSubscription(t *testing.T, ctx context.Context, c *ent.Client) *ent.SubscriptionCreate {
	t.Helper()
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	p := c.Plan.Create().SetCode("pro").SetName("Pro").SetFamily("pro").SetCurrency("EUR").SaveX(ctx)
	return c.Subscription.Create().SetOrganizationID(org.ID).SetPlanID(p.ID).SetName(p.Name).SetPlanCode(p.Code)
}

// TestMovesAndRefusals walks a subscription through the state machine on both
// databases, and checks that an illegal move writes nothing.
func TestMovesAndRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			create := newSubscription(t, ctx, c)
			var te *subscriptionlifecycle.TransitionError
			if _, err := subscriptionlifecycle.Created(ctx, create, catalog.PastDue); !errors.As(err, &te) {
				t.Fatalf("a subscription created past_due: %v, want a TransitionError", err)
			}
			sub, err := subscriptionlifecycle.Created(ctx, create, catalog.Trialing)
			if err != nil || sub.Status != catalog.Trialing || !sub.IsCurrent {
				t.Fatalf("Created trialing: %+v, %v", sub, err)
			}
			for _, to := range []string{catalog.Active, catalog.PastDue, catalog.Unpaid, catalog.Active, catalog.Terminated} {
				from := sub.Status
				if sub, err = subscriptionlifecycle.Moved(ctx, c.Subscription.UpdateOne(sub), from, to); err != nil || sub.Status != to {
					t.Fatalf("%s -> %s: %+v, %v", from, to, sub, err)
				}
			}
			if sub.IsCurrent {
				t.Fatal("a terminated subscription is still current")
			}
			// terminated is final: a move out of it is refused and changes nothing.
			_, err = subscriptionlifecycle.Moved(ctx, c.Subscription.UpdateOne(sub).SetName("changed"), sub.Status, catalog.Active)
			if !errors.As(err, &te) || te.Error() != "a terminated subscription cannot become active" {
				t.Fatalf("terminated -> active: %v, want a TransitionError", err)
			}
			if got := c.Subscription.GetX(ctx, sub.ID); got.Status != catalog.Terminated || got.Name != "Pro" {
				t.Fatalf("a refused move changed the subscription: %+v", got)
			}
		})
	}
}

// TestStatusOnlyThroughTheLifecycle: the Subscription schema's hook refuses a
// status set directly, on create and update, and passes the lifecycle's
// moves, other updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			create := newSubscription(t, ctx, c)
			if _, err := create.SetStatus(catalog.Active).Save(ctx); !errors.Is(err, subscriptionlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if n := c.Subscription.Query().CountX(ctx); n != 0 {
				t.Fatalf("a refused create saved a subscription: %d", n)
			}
			sub, err := subscriptionlifecycle.Created(ctx, create, catalog.Active)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Subscription.UpdateOne(sub).SetStatus(catalog.PastDue).Exec(ctx); !errors.Is(err, subscriptionlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := c.Subscription.Update().SetStatus(catalog.Terminated).Save(ctx); !errors.Is(err, subscriptionlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.Subscription.GetX(ctx, sub.ID); got.Status != catalog.Active {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if err := c.Subscription.UpdateOne(sub).SetName("Renamed").Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if err := c.Subscription.UpdateOne(sub).SetStatus(catalog.Unpaid).Exec(subscriptionlifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}

// TestEvents: the event of each move, and subscription.updated when the
// status stays.
func TestEvents(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{catalog.Active, catalog.Active, events.SubscriptionUpdated},
		{"", catalog.Pending, events.SubscriptionCreated},
		{catalog.Trialing, catalog.Active, events.SubscriptionActivated},
		{catalog.Active, catalog.PastDue, events.SubscriptionPastDue},
		{catalog.PastDue, catalog.Unpaid, events.SubscriptionUnpaid},
		{catalog.Pending, catalog.Canceled, events.SubscriptionCanceled},
		{catalog.Unpaid, catalog.Terminated, events.SubscriptionTerminated},
	} {
		if got := subscriptionlifecycle.Event(c.from, c.to); got != c.want {
			t.Errorf("Event(%q, %q) = %s, want %s", c.from, c.to, got, c.want)
		}
	}
}
