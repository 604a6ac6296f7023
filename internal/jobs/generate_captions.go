package jobs

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/speech"
	"github.com/vidra-dev/vidra/internal/staticres"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// GenerateCaptionsArgs asks for a caption generation's track: the video's
// speech transcribed by the deployment's speech engine.
type GenerateCaptionsArgs struct {
	GenerationID uuid.UUID `json:"caption_generation_id"`
}

// Kind names the job.
func (GenerateCaptionsArgs) Kind() string { return "generate_captions" }

// InsertOpts put the job on the media queue, unique per generation while one
// is live; transient engine failures (a busy or unreachable server) are
// retried.
func (GenerateCaptionsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

// CaptionEngine is the deployment's speech engine and how it is used.
type CaptionEngine struct {
	// Engine transcribes; nil when automatic captions are off.
	Engine speech.Engine
	// ChunkSeconds bounds the audio one engine call hears (speech.FileOptions).
	ChunkSeconds float64
	// Parallel is how many chunks are transcribed at once (speech.FileOptions).
	Parallel int
	// CancelPoll is how often a running generation is checked for a
	// cancellation (default 2 s).
	CancelPoll time.Duration
}

type generateCaptionsWorker struct {
	river.WorkerDefaults[GenerateCaptionsArgs]
	p *Pipeline
}

// Work makes the track. A permanent failure fails the generation at once; a
// transient one is retried and fails it on the last attempt.
func (w *generateCaptionsWorker) Work(ctx context.Context, job *river.Job[GenerateCaptionsArgs]) error {
	id := job.Args.GenerationID
	err := settleAttempt(job.Attempt, job.MaxAttempts, "transcription", w.p.generateCaptions(ctx, id),
		func(reason string) error { return w.p.failCaptionGeneration(ctx, id, reason) })
	if err != nil && job.Attempt < job.MaxAttempts {
		w.p.Log.WarnContext(ctx, "caption generation attempt failed; retrying", "caption_generation_id", id,
			"attempt", job.Attempt, "err", err)
	}
	return err
}

// generateCaptions runs one attempt: the generation is marked running, the
// speech of the video's sound rendition is transcribed, and the track is
// recorded (finishCaptionGeneration). A generation that ended meanwhile (was
// canceled) is left alone, and a cancellation during the work stops the
// engine.
func (p *Pipeline) generateCaptions(ctx context.Context, id uuid.UUID) error {
	g, err := p.Client.CaptionGeneration.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if g.Status != captiongeneration.StatusQueued && g.Status != captiongeneration.StatusRunning {
		return nil
	}
	v, err := p.Client.Video.Get(ctx, g.VideoID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	switch v.Status {
	case video.StatusReady:
	case video.StatusFailed, video.StatusLive:
		return permanentf("the video is %s: only a ready video can be captioned", v.Status)
	default:
		return nil // processed again: the sweeper queues it once the video is ready
	}
	engine := p.Captions.Engine
	switch {
	case engine == nil:
		return permanentf("automatic captions are off on this server")
	case p.Tools.Missing != "":
		return permanentf("cannot extract the speech: %s", p.Tools.Missing)
	}
	if _, err := captionlifecycle.Started(ctx, p.Client.CaptionGeneration.UpdateOneID(id)); err != nil {
		if errors.Is(err, captionlifecycle.ErrRefused) || ent.IsNotFound(err) {
			return nil
		}
		return err
	}
	work, err := p.workDir("captions")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()
	audio, err := p.speechSource(ctx, v, work)
	if err != nil {
		return err
	}
	runCtx, stop := p.stopWhenCanceled(ctx, id)
	defer stop()
	res, err := speech.TranscribeFile(runCtx, p.Tools, engine, audio, g.Language, work,
		speech.FileOptions{ChunkSeconds: p.Captions.ChunkSeconds, Parallel: p.Captions.Parallel})
	switch {
	case err == nil:
	case errors.Is(context.Cause(runCtx), errGenerationEnded):
		return nil // canceled: captionlifecycle.Canceled recorded it
	case errors.Is(err, speech.ErrNoSpeech):
		return permanentf("the video has no speech to caption")
	case errors.Is(err, speech.ErrLanguage):
		return permanentf("the %s engine cannot transcribe %s", engine.Name(), g.Language)
	case errors.Is(err, speech.ErrTransient), ctx.Err() != nil:
		return err
	default:
		return permanentf("%s", err.Error())
	}
	return p.finishCaptionGeneration(ctx, v, g, engine, res)
}

// speechSource joins the rendition that carries the video's sound (the
// audio rendition, or with MPEG-TS the smallest video rendition) into one
// local file.
func (p *Pipeline) speechSource(ctx context.Context, v *ent.Video, work string) (media.Input, error) {
	rends, err := p.Client.Rendition.Query().
		Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).All(ctx)
	if err != nil {
		return media.Input{}, err
	}
	audioOnly, _ := staticres.Parse(staticres.AudioOnly)
	src, err := PickStaticSource(rends, audioOnly, v.Packaging)
	if err != nil {
		return media.Input{}, permanentf("the video has no speech to caption: it has no sound")
	}
	name := src.Audio
	if name == "" {
		name = src.Video
	}
	joined, err := p.joinRendition(ctx, v, name, work)
	if err != nil {
		return media.Input{}, err
	}
	return media.OpenInput(joined.Path)
}

// errGenerationEnded is the cause of a run's context canceled because its
// generation ended (was canceled) while the engine worked.
var errGenerationEnded = errors.New("the caption generation ended")

// stopWhenCanceled is ctx canceled, with errGenerationEnded, once the
// generation is no longer running; stop ends the watch.
func (p *Pipeline) stopWhenCanceled(ctx context.Context, id uuid.UUID) (context.Context, func()) {
	runCtx, cancel := context.WithCancelCause(ctx)
	every := p.Captions.CancelPoll
	if every <= 0 {
		every = 2 * time.Second
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-runCtx.Done():
				return
			case <-t.C:
				running, err := p.Client.CaptionGeneration.Query().Where(captiongeneration.ID(id),
					captiongeneration.StatusEQ(captiongeneration.StatusRunning)).Exist(runCtx)
				if err == nil && !running {
					cancel(errGenerationEnded)
					return
				}
			}
		}
	}()
	return runCtx, func() { close(done); cancel(nil) }
}

// failCaptionGeneration fails a queued or running generation with a reason
// the client can read and records caption.failed, with a fresh context so a
// timed-out job still records why. One that ended meanwhile is left as it is.
func (p *Pipeline) failCaptionGeneration(ctx context.Context, id uuid.UUID, reason string) error {
	ctx, cancel := failureContext(ctx)
	defer cancel()
	reason = textcut.UTF8(reason, maxFailureReason)
	p.Log.WarnContext(ctx, "caption generation failed", "caption_generation_id", id, "reason", reason)
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	g, err := captionlifecycle.Failed(ctx, tx.CaptionGeneration.UpdateOneID(id), reason)
	if ent.IsNotFound(err) || errors.Is(err, captionlifecycle.ErrRefused) {
		return tx.Rollback()
	}
	if err == nil {
		err = p.recordCaptionFailed(ctx, tx, g)
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// captionTrackLabel is the label of an automatic track, so a player's menu
// tells it from an upload: "English (automatic)".
func captionTrackLabel(tag string) string {
	name := tag
	if t, err := language.Parse(tag); err == nil {
		if n := display.English.Tags().Name(t); n != "" {
			name = n
		}
	}
	return name + " (automatic)"
}
