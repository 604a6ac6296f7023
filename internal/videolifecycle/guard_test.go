package videolifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// TestStatusOnlyThroughTheLifecycle: the Video schema's hook refuses a status
// set directly, on create and update, and passes the lifecycle's moves, other
// updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			v, more := newVideo(t, c)
			err := c.Video.UpdateOneID(v.ID).SetStatus(video.StatusReady).Exec(ctx)
			if !errors.Is(err, videolifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := c.Video.Update().Where(video.ID(v.ID)).SetStatus(video.StatusFailed).Save(ctx); !errors.Is(err, videolifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := more.SetStatus(video.StatusLive).Save(ctx); !errors.Is(err, videolifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.Video.GetX(ctx, v.ID); got.Status != video.StatusCreated {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if n := c.Video.Query().CountX(ctx); n != 1 {
				t.Fatalf("a refused create saved a video: %d videos", n)
			}
			if err := c.Video.UpdateOneID(v.ID).SetTitle("renamed").Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if got, err := videolifecycle.UploadStarted(ctx, c, v.ID); err != nil || got.Status != video.StatusUploading {
				t.Fatalf("the lifecycle's move: %+v, %v", got, err)
			}
			if err := c.Video.UpdateOneID(v.ID).SetStatus(video.StatusReady).Exec(videolifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}
