package staticlifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestStaticRenditionLifecycle walks a static rendition through its moves on
// both databases: made, asked again, failed, asked again; a stale move is
// refused and changes nothing; a write of the status outside the package is
// refused by the Guard hook.
func TestStaticRenditionLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			org := c.Organization.Create().SetName("Org").SaveX(ctx)
			proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
			v := c.Video.Create().SetProjectID(proj.ID).SetTitle("V").SaveX(ctx)
			sr := c.StaticRendition.Create().SetVideoID(v.ID).SetResolution("highest").SetFileName("highest.mp4").SaveX(ctx)
			if sr.Status != staticrendition.StatusPreparing {
				t.Fatalf("a new static rendition is %s", sr.Status)
			}
			ready, err := staticlifecycle.Finished(ctx, c.StaticRendition.UpdateOneID(sr.ID).SetBlobKey("k").SetBytes(10))
			if err != nil || ready.Status != staticrendition.StatusReady || ready.ReadyAt == nil || ready.BlobKey != "k" {
				t.Fatalf("Finished: %+v, %v", ready, err)
			}
			// Stale: a second worker's Finished or Failed of a ready one.
			if _, err := staticlifecycle.Finished(ctx, c.StaticRendition.UpdateOneID(sr.ID).SetBytes(99)); !errors.Is(err, staticlifecycle.ErrRefused) {
				t.Fatalf("Finished twice: %v", err)
			}
			if _, err := staticlifecycle.Failed(ctx, c.StaticRendition.UpdateOneID(sr.ID), "late"); !errors.Is(err, staticlifecycle.ErrRefused) {
				t.Fatalf("Failed when ready: %v", err)
			}
			if got := c.StaticRendition.GetX(ctx, sr.ID); got.Bytes != 10 || got.Status != staticrendition.StatusReady {
				t.Fatalf("a refused move changed %+v", got)
			}
			again := func() {
				n, err := staticlifecycle.Requested(ctx, c.StaticRendition.Update().Where(staticrendition.VideoID(v.ID)))
				if err != nil || n != 1 {
					t.Fatalf("Requested: %d, %v", n, err)
				}
			}
			again()
			failed, err := staticlifecycle.Failed(ctx, c.StaticRendition.UpdateOneID(sr.ID), "no sound")
			if err != nil || failed.Status != staticrendition.StatusFailed || failed.FailureReason != "no sound" || failed.BlobKey != "k" {
				t.Fatalf("Failed: %+v, %v", failed, err)
			}
			again()
			if got := c.StaticRendition.GetX(ctx, sr.ID); got.Status != staticrendition.StatusPreparing || got.FailureReason != "" {
				t.Fatalf("asked again after failing: %+v", got)
			}
			if _, err := staticlifecycle.Finished(ctx, c.StaticRendition.UpdateOneID(uuid.New())); !ent.IsNotFound(err) {
				t.Fatalf("Finished of a missing one: %v", err)
			}
			err = c.StaticRendition.UpdateOneID(sr.ID).SetStatus(staticrendition.StatusReady).Exec(ctx)
			if !errors.Is(err, staticlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a status written outside the lifecycle: %v", err)
			}
		})
	}
}
