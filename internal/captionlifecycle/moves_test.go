package captionlifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestCaptionGenerationLifecycle walks generations through their moves on
// both databases: started twice (a retry), finished; canceled while queued;
// failed while running. A stale move is refused and changes nothing; a
// write of the status outside the package is refused by the Guard hook.
func TestCaptionGenerationLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			org := c.Organization.Create().SetName("Org").SaveX(ctx)
			proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
			v := c.Video.Create().SetProjectID(proj.ID).SetTitle("V").SaveX(ctx)
			create := func() *ent.CaptionGeneration {
				return c.CaptionGeneration.Create().SetVideoID(v.ID).SetLanguage("en").SetEngine("pocketsphinx").SaveX(ctx)
			}
			g := create()
			if g.Status != captiongeneration.StatusQueued {
				t.Fatalf("a new generation is %s", g.Status)
			}
			for range 2 {
				if g, err := captionlifecycle.Started(ctx, c.CaptionGeneration.UpdateOneID(g.ID)); err != nil || g.Status != captiongeneration.StatusRunning {
					t.Fatalf("Started: %+v, %v", g, err)
				}
			}
			capID := uuid.New()
			ready, err := captionlifecycle.Finished(ctx, c.CaptionGeneration.UpdateOneID(g.ID).SetCaptionID(capID).SetCPUSeconds(1.5))
			if err != nil || ready.Status != captiongeneration.StatusReady || ready.FinishedAt == nil || *ready.CaptionID != capID {
				t.Fatalf("Finished: %+v, %v", ready, err)
			}
			for name, move := range map[string]func() (*ent.CaptionGeneration, error){
				"Finished": func() (*ent.CaptionGeneration, error) {
					return captionlifecycle.Finished(ctx, c.CaptionGeneration.UpdateOneID(g.ID).SetCPUSeconds(9))
				},
				"Failed": func() (*ent.CaptionGeneration, error) {
					return captionlifecycle.Failed(ctx, c.CaptionGeneration.UpdateOneID(g.ID), "late")
				},
				"Canceled": func() (*ent.CaptionGeneration, error) {
					return captionlifecycle.Canceled(ctx, c.CaptionGeneration.UpdateOneID(g.ID))
				},
				"Started": func() (*ent.CaptionGeneration, error) {
					return captionlifecycle.Started(ctx, c.CaptionGeneration.UpdateOneID(g.ID))
				},
			} {
				if _, err := move(); !errors.Is(err, captionlifecycle.ErrRefused) {
					t.Fatalf("%s of a ready generation: %v", name, err)
				}
			}
			if got := c.CaptionGeneration.GetX(ctx, g.ID); got.CPUSeconds != 1.5 || got.Status != captiongeneration.StatusReady {
				t.Fatalf("a refused move changed %+v", got)
			}
			queued := create()
			if got, err := captionlifecycle.Canceled(ctx, c.CaptionGeneration.UpdateOneID(queued.ID)); err != nil || got.Status != captiongeneration.StatusCanceled {
				t.Fatalf("Canceled: %+v, %v", got, err)
			}
			if _, err := captionlifecycle.Started(ctx, c.CaptionGeneration.UpdateOneID(queued.ID)); !errors.Is(err, captionlifecycle.ErrRefused) {
				t.Fatalf("Started after Canceled: %v", err)
			}
			running := create()
			if _, err := captionlifecycle.Started(ctx, c.CaptionGeneration.UpdateOneID(running.ID)); err != nil {
				t.Fatal(err)
			}
			if got, err := captionlifecycle.Failed(ctx, c.CaptionGeneration.UpdateOneID(running.ID), "no sound"); err != nil ||
				got.Status != captiongeneration.StatusFailed || got.FailureReason != "no sound" {
				t.Fatalf("Failed: %+v, %v", got, err)
			}
			if _, err := captionlifecycle.Finished(ctx, c.CaptionGeneration.UpdateOneID(uuid.New())); !ent.IsNotFound(err) {
				t.Fatalf("Finished of a missing one: %v", err)
			}
			err = c.CaptionGeneration.UpdateOneID(g.ID).SetStatus(captiongeneration.StatusQueued).Exec(ctx)
			if !errors.Is(err, captionlifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a status written outside the lifecycle: %v", err)
			}
		})
	}
}
