package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent/blobdeletion"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/ent/uploadlock"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// SweepArgs asks for owed media work whose job is missing to be queued again.
type SweepArgs struct{}

// Kind names the job.
func (SweepArgs) Kind() string { return "sweep_owed_media" }

// InsertOpts put the sweeper on the maintenance queue, one at a time.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMaintenance,
		MaxAttempts: 1,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	p *Pipeline
}

// Work queues a job for every row that records owed work: a video with its source
// in uploading or processing (processing owed), an uploading video with a pull
// URL and no source (import owed), an uploading clip with no source (its cut
// owed, or waiting for its video), a queued or running transcoding job, and a
// pending or running import migration (sync owed), a preparing static rendition
// of a ready video (its file owed), and a recorded blob deletion
// (removal owed); it finishes uploads whose bytes are all stored but whose
// source was never recorded (Pipeline.Uploads), fails abandoned uploads, and
// fails the preparing static renditions of failed videos. Unique jobs make this safe to
// repeat: work that already has a live job is skipped, so only work lost between
// a commit and its job insert (a crash) is queued again.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	return w.p.Sweep(ctx)
}

// Sweep queues the jobs of owed media work that has none.
func (p *Pipeline) Sweep(ctx context.Context) error {
	owed, err := p.Client.Video.Query().
		Where(video.StatusIn(video.StatusUploading, video.StatusProcessing), video.SourceKeyNEQ("")).
		IDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range owed {
		if err := p.Queue.Insert(ctx, ProcessVideoArgs{VideoID: id}); err != nil {
			return err
		}
	}
	imports, err := p.Client.Video.Query().
		Where(video.StatusEQ(video.StatusUploading), video.SourceKey(""), video.SourceURLNEQ("")).
		IDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range imports {
		if err := p.Queue.Insert(ctx, ImportVideoArgs{VideoID: id}); err != nil {
			return err
		}
	}
	clips, err := p.owedClips(ctx)
	if err != nil {
		return err
	}
	for _, id := range clips {
		if err := p.Queue.Insert(ctx, ClipVideoArgs{VideoID: id}); err != nil {
			return err
		}
	}
	transcodes, err := p.Client.TranscodingJob.Query().
		Where(transcodingjob.StatusIn(transcodingjob.StatusQueued, transcodingjob.StatusRunning)).All(ctx)
	if err != nil {
		return err
	}
	for _, j := range transcodes {
		if err := p.Queue.Insert(ctx, TranscodeArgs{JobID: j.ID, Priority: j.Priority}); err != nil {
			return err
		}
	}
	syncs, err := p.Client.ImportMigration.Query().
		Where(importmigration.StatusIn(importmigration.StatusPending, importmigration.StatusRunning)).IDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range syncs {
		if err := p.Queue.Insert(ctx, SyncImportArgs{MigrationID: id}); err != nil {
			return err
		}
	}
	downloads, err := p.owedStaticRenditions(ctx)
	if err != nil {
		return err
	}
	for _, id := range downloads {
		if err := p.Queue.Insert(ctx, StaticRenditionArgs{ID: id}); err != nil {
			return err
		}
	}
	captionJobs, err := p.owedCaptionGenerations(ctx)
	if err != nil {
		return err
	}
	for _, id := range captionJobs {
		if err := p.Queue.Insert(ctx, GenerateCaptionsArgs{GenerationID: id}); err != nil {
			return err
		}
	}
	removals, err := p.Client.BlobDeletion.Query().Order(blobdeletion.ByCreatedAt()).Limit(1000).IDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range removals {
		if err := p.Queue.Insert(ctx, RemoveBlobsArgs{DeletionID: id}); err != nil {
			return err
		}
	}
	if p.Uploads != nil {
		// Before abandoned uploads are failed: a complete one is finished instead.
		if n, err := p.Uploads.FinishStalled(ctx, true); err != nil {
			p.Log.WarnContext(ctx, "finish stalled uploads", "finished", n, "err", err)
		} else if n > 0 {
			p.Log.InfoContext(ctx, "finished stalled uploads", "uploads", n)
		}
	}
	if err := p.failAbandonedUploads(ctx); err != nil {
		return err
	}
	// After abandoned uploads are failed: their videos' downloads fail too.
	if err := p.failOrphanedStaticRenditions(ctx); err != nil {
		return err
	}
	// Leases on uploads whose holder died and that no request took over since.
	if _, err := p.Client.UploadLock.Delete().Where(uploadlock.ExpiresAtLT(time.Now().Add(-time.Hour))).Exec(ctx); err != nil {
		return err
	}
	if len(owed)+len(imports) > 0 {
		p.Log.InfoContext(ctx, "swept owed media work", "process", len(owed), "import", len(imports))
	}
	return nil
}

// failAbandonedUploads fails videos whose upload token expired before an upload
// completed, so an abandoned or lost upload does not stay uploading for ever, and
// deletes those tokens, which can no longer be used.
func (p *Pipeline) failAbandonedUploads(ctx context.Context) error {
	expired := []predicate.UploadToken{uploadtoken.ExpiresAtLT(time.Now()), uploadtoken.CompletedAtIsNil()}
	tokens, err := p.Client.UploadToken.Query().Where(expired...).Limit(1000).All(ctx)
	if err != nil || len(tokens) == 0 {
		return err
	}
	videoIDs := make([]uuid.UUID, len(tokens))
	tokenIDs := make([]uuid.UUID, len(tokens))
	for i, t := range tokens {
		videoIDs[i], tokenIDs[i] = t.VideoID, t.ID
	}
	n, err := videolifecycle.UploadsAbandoned(ctx, p.Client, videoIDs,
		"the upload token expired before the upload completed")
	if err != nil {
		return err
	}
	if n > 0 {
		p.Log.InfoContext(ctx, "failed abandoned uploads", "videos", n)
	}
	_, err = p.Client.UploadToken.Delete().Where(uploadtoken.IDIn(tokenIDs...)).Exec(ctx)
	return err
}
