package streamlifecycle_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// newStream is a live stream of a new project with the status left at its default.
func newStream(t *testing.T, c *ent.Client) (*ent.LiveStream, *ent.LiveStreamCreate) {
	t.Helper()
	ctx := tenancy.SystemContext(context.Background(), "test")
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
	return c.LiveStream.Create().SetProjectID(proj.ID).SetName("Live").SetKeyHash(uuid.NewString()).SaveX(ctx),
		c.LiveStream.Create().SetProjectID(proj.ID).SetName("Another").SetKeyHash(uuid.NewString())
}

// TestSessionRoundTrip walks a stream through a session's moves, on both
// databases, and checks the fields each caller writes alongside.
func TestSessionRoundTrip(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			st, _ := newStream(t, c)
			if st.Status != livestream.StatusIdle {
				t.Fatalf("a new stream is %s", st.Status)
			}
			one := func() *ent.LiveStreamUpdate { return c.LiveStream.Update().Where(livestream.ID(st.ID)) }
			status := func() livestream.Status { return c.LiveStream.GetX(ctx, st.ID).Status }
			if err := streamlifecycle.PublisherConnected(ctx, one().SetNodeID("n1")); err != nil || status() != livestream.StatusActive {
				t.Fatalf("PublisherConnected: %v, %s", err, status())
			}
			if got := c.LiveStream.GetX(ctx, st.ID).NodeID; got != "n1" {
				t.Fatalf("the caller's field: node %q", got)
			}
			if err := streamlifecycle.PublisherLeft(ctx, one()); err != nil || status() != livestream.StatusDisconnected {
				t.Fatalf("PublisherLeft: %v, %s", err, status())
			}
			if err := streamlifecycle.PublisherReconnected(ctx, one()); err != nil || status() != livestream.StatusActive {
				t.Fatalf("PublisherReconnected: %v, %s", err, status())
			}
			if err := streamlifecycle.NodeLost(ctx, one()); err != nil || status() != livestream.StatusDisconnected {
				t.Fatalf("NodeLost: %v, %s", err, status())
			}
			if err := streamlifecycle.SessionEnded(ctx, one(), true); err != nil || status() != livestream.StatusIdle {
				t.Fatalf("SessionEnded: %v, %s", err, status())
			}
			s, err := streamlifecycle.Disabled(ctx, c.LiveStream.UpdateOneID(st.ID).SetEnabled(false))
			if err != nil || s.Status != livestream.StatusDisabled || s.Enabled {
				t.Fatalf("Disabled: %+v, %v", s, err)
			}
			if err := streamlifecycle.SessionEnded(ctx, one(), false); err != nil || status() != livestream.StatusDisabled {
				t.Fatalf("SessionEnded of a disabled stream: %v, %s", err, status())
			}
			s, err = streamlifecycle.Enabled(ctx, c.LiveStream.UpdateOneID(st.ID).SetEnabled(true))
			if err != nil || s.Status != livestream.StatusIdle || !s.Enabled {
				t.Fatalf("Enabled: %+v, %v", s, err)
			}
		})
	}
}

// TestStaleMoveIsRefused: a move from a status its row does not allow, or
// one the caller's conditions no longer match, changes nothing; a missing
// stream is ent's not-found error for the one-row moves.
func TestStaleMoveIsRefused(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			st, _ := newStream(t, c)
			st = c.LiveStream.GetX(ctx, st.ID) // the times as the database keeps them
			one := func() *ent.LiveStreamUpdate { return c.LiveStream.Update().Where(livestream.ID(st.ID)) }
			deadline := time.Now().Add(time.Minute)
			for name, err := range map[string]error{
				"PublisherLeft on an idle stream":        streamlifecycle.PublisherLeft(ctx, one().SetReconnectDeadline(deadline)),
				"NodeLost on an idle stream":             streamlifecycle.NodeLost(ctx, one().SetReconnectDeadline(deadline)),
				"PublisherReconnected on an idle stream": streamlifecycle.PublisherReconnected(ctx, one().SetNodeID("n2")),
				"PublisherConnected on another node's":   streamlifecycle.PublisherConnected(ctx, one().Where(livestream.NodeID("n9")).SetNodeID("n2")),
			} {
				if !errors.Is(err, streamlifecycle.ErrRefused) {
					t.Errorf("%s: %v, want ErrRefused", name, err)
				}
			}
			if _, err := streamlifecycle.Enabled(ctx, c.LiveStream.UpdateOneID(st.ID).SetName("renamed")); !errors.Is(err, streamlifecycle.ErrRefused) {
				t.Errorf("Enabled on an idle stream: %v, want ErrRefused", err)
			}
			after := c.LiveStream.GetX(ctx, st.ID)
			if after.Status != livestream.StatusIdle || after.NodeID != "" || after.ReconnectDeadline != nil || after.Name != st.Name ||
				!after.UpdatedAt.Equal(st.UpdatedAt) {
				t.Fatalf("refused moves changed the stream: %+v, was %+v", after, st)
			}
			_, err := streamlifecycle.Disabled(ctx, c.LiveStream.UpdateOneID(uuid.New()).SetEnabled(false))
			if !ent.IsNotFound(err) || errors.Is(err, streamlifecycle.ErrRefused) {
				t.Fatalf("a move of a missing stream: %v, want not found", err)
			}
		})
	}
}

// TestStatusOnlyThroughTheLifecycle: the LiveStream schema's hook refuses a
// status set directly, on create and update, and passes the lifecycle's
// moves, other updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			st, more := newStream(t, c)
			if err := c.LiveStream.UpdateOneID(st.ID).SetStatus(livestream.StatusActive).Exec(ctx); !errors.Is(err, streamlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := c.LiveStream.Update().Where(livestream.ID(st.ID)).SetStatus(livestream.StatusDisabled).Save(ctx); !errors.Is(err, streamlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := more.SetStatus(livestream.StatusActive).Save(ctx); !errors.Is(err, streamlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.LiveStream.GetX(ctx, st.ID); got.Status != livestream.StatusIdle {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if n := c.LiveStream.Query().CountX(ctx); n != 1 {
				t.Fatalf("a refused create saved a stream: %d streams", n)
			}
			if err := c.LiveStream.UpdateOneID(st.ID).SetName("renamed").Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if err := streamlifecycle.PublisherConnected(ctx, c.LiveStream.Update().Where(livestream.ID(st.ID))); err != nil {
				t.Fatalf("the lifecycle's move: %v", err)
			}
			if err := c.LiveStream.UpdateOneID(st.ID).SetStatus(livestream.StatusDisabled).Exec(streamlifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}
