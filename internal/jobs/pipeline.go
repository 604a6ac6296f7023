package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// Pipeline holds what the media workers need. Queue is set after the queue is
// opened (the import worker enqueues processing).
type Pipeline struct {
	Client   *ent.Client
	Bucket   *blob.Bucket
	Tools    media.Tools
	Ladders  media.LadderSource
	Policies playback.PolicySource
	Queue    *Queue
	Log      *slog.Logger
	// TempDir holds work files; the OS default when empty.
	TempDir string
	// MaxRuns bounds how often one video is processed before it is failed (default 3).
	MaxRuns int
	// Import bounds pulls from URLs.
	Import ImportLimits
	// Events records the video.* and import.* events of the transitions.
	Events EventRecorder
	// Vimeo is the Vimeo API the import syncs read.
	Vimeo *vimeo.Client
	// LiveSlots is the node's budget of transcoded live renditions: a VOD
	// transcode starting while live renditions run encodes with fewer
	// threads (liveslots.Budget.VODThreads). Nil: VOD takes every core.
	LiveSlots *liveslots.Budget
	// Uploads finishes, at each sweep, uploads whose bytes are all stored but
	// whose source no process recorded (upload.Service); nil skips that.
	Uploads StalledUploads
	// Captions is the speech engine of automatic captions (its Engine nil when off).
	Captions CaptionEngine
}

// StalledUploads finishes uploads whose bytes are all stored but whose source
// was never recorded (the process that received the last byte died first),
// each once: every such upload no live process holds with everyUpload, else
// only those whose holder's lease lapsed. It returns how many it recorded.
type StalledUploads interface {
	FinishStalled(ctx context.Context, everyUpload bool) (int, error)
}

// Workers registers the media workers and the sweeper on a new river.Workers.
func (p *Pipeline) Workers() *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &processVideoWorker{p: p})
	river.AddWorker(w, &importVideoWorker{p: p})
	river.AddWorker(w, &transcodeWorker{p: p})
	river.AddWorker(w, &syncImportWorker{p: p})
	river.AddWorker(w, &sweepWorker{p: p})
	river.AddWorker(w, &removeBlobsWorker{p: p})
	river.AddWorker(w, &staticRenditionWorker{p: p})
	river.AddWorker(w, &clipVideoWorker{p: p})
	river.AddWorker(w, &generateCaptionsWorker{p: p})
	return w
}

// Periodic returns the periodic jobs: the sweeper, run at start and every interval.
func (p *Pipeline) Periodic(interval time.Duration) []*river.PeriodicJob {
	return []*river.PeriodicJob{river.NewPeriodicJob(
		river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "sweep_owed_media"},
	)}
}

// failVideo marks a video failed with a reason the client can read, and fails
// its preparing static renditions (whose files can no longer be made) in the
// same transaction. It uses a fresh context so a timed-out job can still
// record why it failed.
func (p *Pipeline) failVideo(ctx context.Context, id uuid.UUID, reason string) error {
	ctx, cancel := failureContext(ctx)
	defer cancel()
	reason = textcut.UTF8(reason, maxFailureReason)
	p.Log.WarnContext(ctx, "video failed", "video_id", id, "reason", reason)
	err := p.transition(ctx, func(tx *ent.Tx) (*ent.Video, error) {
		v, err := videolifecycle.ProcessingFailed(ctx, tx.Client(), id, reason)
		// An import's video has no source yet (the failure leaves it unchanged).
		importing := err == nil && v.SourceKey == "" && v.SourceURL != ""
		if importing && p.Events != nil {
			_, err = p.Events.Record(ctx, tx, events.ImportFailed, v.ProjectID, events.Video(v))
		}
		if err == nil {
			_, err = p.failStaticRenditionsOf(ctx, tx, v, reason)
		}
		return v, err
	}, events.VideoFailed)
	if ent.IsNotFound(err) {
		return nil
	}
	if errors.Is(err, videolifecycle.ErrRefused) {
		// The video moved on meanwhile (ready, failed already): the failure is stale.
		p.Log.InfoContext(ctx, "video failure not recorded", "video_id", id, "err", err)
		return nil
	}
	if err == nil {
		p.queueClipsOf(ctx, id) // their cut job fails them, naming this failure
	}
	return err
}

// progressReporter writes a video's progress at most once a second.
type progressReporter struct {
	p     *Pipeline
	id    uuid.UUID
	last  time.Time
	value float64
}

func (r *progressReporter) set(ctx context.Context, v float64) {
	v = max(0, min(v, 0.99))
	if v <= r.value || time.Since(r.last) < time.Second {
		return
	}
	r.value, r.last = v, time.Now()
	if err := r.p.Client.Video.UpdateOneID(r.id).SetProgress(v).Exec(ctx); err != nil && !errors.Is(err, context.Canceled) {
		r.p.Log.WarnContext(ctx, "record progress", "video_id", r.id, "err", err)
	}
}

// phase maps a phase's own progress (seconds done of total) into [from, to].
func (r *progressReporter) phase(ctx context.Context, from, to, total float64) func(float64) {
	return func(done float64) {
		if total > 0 {
			r.set(ctx, from+(to-from)*min(done/total, 1))
		}
	}
}

// permanent marks an error that retrying cannot fix.
type permanent struct{ reason string }

func (e *permanent) Error() string { return e.reason }

func permanentf(format string, args ...any) error {
	return &permanent{reason: fmt.Sprintf(format, args...)}
}
