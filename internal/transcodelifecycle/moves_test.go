package transcodelifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
)

// newJob is a transcoding job of a new project with the status left at its default.
func newJob(t *testing.T, c *ent.Client) (*ent.TranscodingJob, *ent.TranscodingJobCreate) {
	t.Helper()
	ctx := tenancy.SystemContext(context.Background(), "test")
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
	create := func() *ent.TranscodingJobCreate {
		return c.TranscodingJob.Create().SetProjectID(proj.ID).SetAPIVersion(2).SetSourceURL("https://example.com/a.mp4").
			SetOutputs([]transcode.Output{{Name: "360p", Height: 360}})
	}
	return create().SaveX(ctx), create()
}

// one is the update of job id alone.
func one(c *ent.Client, id uuid.UUID) *ent.TranscodingJobUpdate {
	return c.TranscodingJob.Update().Where(transcodingjob.ID(id))
}

// TestRunToTheEnd walks jobs through their moves on both databases and
// checks the fields each move sets.
func TestRunToTheEnd(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			j, _ := newJob(t, c)
			if j.Status != transcodingjob.StatusQueued {
				t.Fatalf("a new job is %s", j.Status)
			}
			for run := 1; run <= 2; run++ { // a retry starts again
				if err := transcodelifecycle.Started(ctx, one(c, j.ID)); err != nil {
					t.Fatalf("Started run %d: %v", run, err)
				}
			}
			if got := c.TranscodingJob.GetX(ctx, j.ID); got.Status != transcodingjob.StatusRunning || got.StartedAt == nil {
				t.Fatalf("Started: %+v", got)
			}
			done, err := transcodelifecycle.Succeeded(ctx, c.TranscodingJob.UpdateOneID(j.ID))
			if err != nil || done.Status != transcodingjob.StatusSucceeded || done.Progress != 1 || done.CompletedAt == nil {
				t.Fatalf("Succeeded: %+v, %v", done, err)
			}
			j2, _ := newJob(t, c)
			if err := transcodelifecycle.Started(ctx, one(c, j2.ID)); err != nil {
				t.Fatal(err)
			}
			failed, err := transcodelifecycle.Failed(ctx, c.TranscodingJob.UpdateOneID(j2.ID), "not media")
			if err != nil || failed.Status != transcodingjob.StatusFailed || failed.FailureReason != "not media" {
				t.Fatalf("Failed: %+v, %v", failed, err)
			}
			j3, _ := newJob(t, c)
			if err := transcodelifecycle.Canceled(ctx, one(c, j3.ID)); err != nil {
				t.Fatal(err)
			}
			if got := c.TranscodingJob.GetX(ctx, j3.ID); got.Status != transcodingjob.StatusCanceled || got.CompletedAt == nil {
				t.Fatalf("Canceled: %+v", got)
			}
		})
	}
}

// TestStaleMoveIsRefused: every move on a canceled job changes nothing, and
// a missing job is ent's not-found error for the one-row moves.
func TestStaleMoveIsRefused(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			j, _ := newJob(t, c)
			if err := transcodelifecycle.Canceled(ctx, one(c, j.ID)); err != nil {
				t.Fatal(err)
			}
			was := c.TranscodingJob.GetX(ctx, j.ID)
			for name, move := range map[string]func() error{
				"Started":  func() error { return transcodelifecycle.Started(ctx, one(c, j.ID)) },
				"Canceled": func() error { return transcodelifecycle.Canceled(ctx, one(c, j.ID)) },
				"Succeeded": func() error {
					_, err := transcodelifecycle.Succeeded(ctx, c.TranscodingJob.UpdateOneID(j.ID))
					return err
				},
				"Failed": func() error {
					_, err := transcodelifecycle.Failed(ctx, c.TranscodingJob.UpdateOneID(j.ID), "late")
					return err
				},
			} {
				if err := move(); !errors.Is(err, transcodelifecycle.ErrRefused) {
					t.Errorf("%s on a canceled job: %v, want ErrRefused", name, err)
				}
			}
			after := c.TranscodingJob.GetX(ctx, j.ID)
			if after.Status != transcodingjob.StatusCanceled || after.FailureReason != "" || after.StartedAt != nil ||
				after.Progress != 0 || !after.CompletedAt.Equal(*was.CompletedAt) || !after.UpdatedAt.Equal(was.UpdatedAt) {
				t.Fatalf("refused moves changed the job: %+v, was %+v", after, was)
			}
			_, err := transcodelifecycle.Failed(ctx, c.TranscodingJob.UpdateOneID(uuid.New()), "gone")
			if !ent.IsNotFound(err) || errors.Is(err, transcodelifecycle.ErrRefused) {
				t.Fatalf("a move of a missing job: %v, want not found", err)
			}
		})
	}
}

// TestStatusOnlyThroughTheLifecycle: the TranscodingJob schema's hook refuses
// a status set directly, on create and update, and passes the lifecycle's
// moves, other updates and the test-only mark.
func TestStatusOnlyThroughTheLifecycle(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			j, more := newJob(t, c)
			if err := c.TranscodingJob.UpdateOneID(j.ID).SetStatus(transcodingjob.StatusSucceeded).Exec(ctx); !errors.Is(err, transcodelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := one(c, j.ID).SetStatus(transcodingjob.StatusCanceled).Save(ctx); !errors.Is(err, transcodelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a direct bulk status update: %v, want ErrOutsideLifecycle", err)
			}
			if _, err := more.SetStatus(transcodingjob.StatusRunning).Save(ctx); !errors.Is(err, transcodelifecycle.ErrOutsideLifecycle) {
				t.Fatalf("a create setting the status: %v, want ErrOutsideLifecycle", err)
			}
			if got := c.TranscodingJob.GetX(ctx, j.ID); got.Status != transcodingjob.StatusQueued {
				t.Fatalf("a refused update changed the status to %s", got.Status)
			}
			if n := c.TranscodingJob.Query().CountX(ctx); n != 1 {
				t.Fatalf("a refused create saved a job: %d jobs", n)
			}
			if err := c.TranscodingJob.UpdateOneID(j.ID).SetPriority(5).Exec(ctx); err != nil {
				t.Fatalf("an update leaving the status: %v", err)
			}
			if err := transcodelifecycle.Started(ctx, one(c, j.ID)); err != nil {
				t.Fatalf("the lifecycle's move: %v", err)
			}
			if err := c.TranscodingJob.UpdateOneID(j.ID).SetStatus(transcodingjob.StatusFailed).Exec(transcodelifecycle.ForTest(ctx)); err != nil {
				t.Fatalf("a fixture's status with ForTest: %v", err)
			}
		})
	}
}
