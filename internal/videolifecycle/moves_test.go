package videolifecycle_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// newVideo is a video of a new project with the status left at its default.
func newVideo(t *testing.T, c *ent.Client) (*ent.Video, *ent.VideoCreate) {
	t.Helper()
	ctx := tenancy.SystemContext(context.Background(), "test")
	org := c.Organization.Create().SetName("Org").SaveX(ctx)
	proj := c.Project.Create().SetOrganizationID(org.ID).SetName("P").SaveX(ctx)
	return c.Video.Create().SetProjectID(proj.ID).SetTitle("clip").SaveX(ctx),
		c.Video.Create().SetProjectID(proj.ID).SetTitle("another")
}

// TestUploadToReady walks an upload through its moves, on both databases, and
// checks the fields each move sets.
func TestUploadToReady(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			v, _ := newVideo(t, c)
			if v.Status != video.StatusCreated {
				t.Fatalf("a new video is %s", v.Status)
			}
			v, err := videolifecycle.UploadStarted(ctx, c, v.ID)
			if err != nil || v.Status != video.StatusUploading {
				t.Fatalf("UploadStarted: %v, %v", v, err)
			}
			tx, err := c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			v, err = videolifecycle.SourceRecorded(ctx, tx.Client(), v.ID, "sources/x", 42)
			if err != nil || tx.Commit() != nil {
				t.Fatalf("SourceRecorded in a transaction: %v", err)
			}
			if v.Status != video.StatusUploading || v.SourceKey != "sources/x" || v.Size != 42 {
				t.Fatalf("SourceRecorded: %+v", v)
			}
			for run := 1; run <= 2; run++ { // a retry starts processing again
				v, err = videolifecycle.ProcessingStarted(ctx, c, v.ID)
				if err != nil || v.Status != video.StatusProcessing || v.ProcessingAttempts != run || v.Progress != 0 {
					t.Fatalf("ProcessingStarted run %d: %+v, %v", run, v, err)
				}
			}
			v, err = videolifecycle.ProcessingFinished(ctx, c, v.ID)
			if err != nil || v.Status != video.StatusReady || v.Progress != 1 {
				t.Fatalf("ProcessingFinished: %+v, %v", v, err)
			}
			// A late failure of a finished video is refused: it stays ready.
			if _, err := videolifecycle.ProcessingFailed(ctx, c, v.ID, "late"); !errors.Is(err, videolifecycle.ErrRefused) {
				t.Fatalf("ProcessingFailed on a ready video: %v, want ErrRefused", err)
			}
			if got := c.Video.GetX(ctx, v.ID); got.Status != video.StatusReady || got.FailureReason != "" || got.Progress != 1 {
				t.Fatalf("a refused failure changed the video: %+v", got)
			}
		})
	}
}

// TestStaleMoveIsRefused: Ready on a failed video changes nothing, and a
// missing video is ent's not-found error, not a refusal.
func TestStaleMoveIsRefused(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			v, _ := newVideo(t, c)
			if _, err := videolifecycle.UploadStarted(ctx, c, v.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := videolifecycle.ProcessingStarted(ctx, c, v.ID); err != nil {
				t.Fatal(err)
			}
			failed, err := videolifecycle.ProcessingFailed(ctx, c, v.ID, "not media")
			if err != nil || failed.Status != video.StatusFailed || failed.FailureReason != "not media" {
				t.Fatalf("ProcessingFailed: %+v, %v", failed, err)
			}
			for name, move := range map[string]func() (*ent.Video, error){
				"ProcessingFinished": func() (*ent.Video, error) { return videolifecycle.ProcessingFinished(ctx, c, v.ID) },
				"ProcessingStarted":  func() (*ent.Video, error) { return videolifecycle.ProcessingStarted(ctx, c, v.ID) },
				"UploadStarted":      func() (*ent.Video, error) { return videolifecycle.UploadStarted(ctx, c, v.ID) },
				"LiveRecorded":       func() (*ent.Video, error) { return videolifecycle.LiveRecorded(ctx, c, v.ID, "k", 1) },
			} {
				got, err := move()
				if !errors.Is(err, videolifecycle.ErrRefused) || got != nil {
					t.Errorf("%s on a failed video: %v, %v; want ErrRefused", name, got, err)
				}
			}
			after := c.Video.GetX(ctx, v.ID)
			if after.Status != video.StatusFailed || after.FailureReason != "not media" || after.Progress != 0 ||
				after.ProcessingAttempts != 1 || after.SourceKey != "" || !after.UpdatedAt.Equal(failed.UpdatedAt) {
				t.Fatalf("refused moves changed the video: %+v, was %+v", after, failed)
			}
			_, err = videolifecycle.ProcessingFinished(ctx, c, uuid.New())
			if !ent.IsNotFound(err) || errors.Is(err, videolifecycle.ErrRefused) {
				t.Fatalf("a move of a missing video: %v, want not found", err)
			}
		})
	}
}

// TestCreatesAndLive covers the moves that create a video, the live ones and
// the sweeper's bulk failure.
func TestCreatesAndLive(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ctx := tenancy.SystemContext(context.Background(), "test")
			c := testdb.Open(t, d).Client
			created, more := newVideo(t, c)
			pulled, err := videolifecycle.ImportRequested(ctx, more.SetSourceURL("https://example.com/a.mp4"))
			if err != nil || pulled.Status != video.StatusUploading {
				t.Fatalf("ImportRequested: %+v, %v", pulled, err)
			}
			live, err := videolifecycle.LiveStarted(ctx, c.Video.Create().SetProjectID(created.ProjectID).SetTitle("live"))
			if err != nil || live.Status != video.StatusLive {
				t.Fatalf("LiveStarted: %+v, %v", live, err)
			}
			empty, _ := videolifecycle.LiveStarted(ctx, c.Video.Create().SetProjectID(created.ProjectID).SetTitle("empty"))
			if v, err := videolifecycle.LiveRecorded(ctx, c, live.ID, "sources/live", 7); err != nil ||
				v.Status != video.StatusUploading || v.SourceKey != "sources/live" || v.Size != 7 {
				t.Fatalf("LiveRecorded: %+v, %v", v, err)
			}
			if _, err := videolifecycle.LiveRecordedNothing(ctx, c, live.ID, "nothing"); !errors.Is(err, videolifecycle.ErrRefused) {
				t.Fatalf("LiveRecordedNothing after LiveRecorded: %v, want ErrRefused", err)
			}
			if v, err := videolifecycle.LiveRecordedNothing(ctx, c, empty.ID, "nothing"); err != nil ||
				v.Status != video.StatusFailed || v.FailureReason != "nothing" {
				t.Fatalf("LiveRecordedNothing: %+v, %v", v, err)
			}
			// The sweeper fails the created video, not the import nor the live recording.
			n, err := videolifecycle.UploadsAbandoned(ctx, c, []uuid.UUID{created.ID, pulled.ID, live.ID}, "expired")
			if err != nil || n != 1 {
				t.Fatalf("UploadsAbandoned: %d, %v; want 1", n, err)
			}
			if v := c.Video.GetX(ctx, created.ID); v.Status != video.StatusFailed || v.FailureReason != "expired" {
				t.Fatalf("abandoned upload: %+v", v)
			}
			if v, err := videolifecycle.UploadRefused(ctx, c, pulled.ID, "too big"); err != nil || v.Status != video.StatusFailed {
				t.Fatalf("UploadRefused: %+v, %v", v, err)
			}
		})
	}
}
