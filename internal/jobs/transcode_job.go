package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/transcode"
	"github.com/vidra-dev/vidra/internal/transcodelifecycle"
)

// TranscodeArgs asks for a transcoding job (of the transcoding jobs API) to run.
// Priority is the job's priority when queued: a job queued again at a new
// priority leaves the old River job stale, and the worker skips a stale one.
type TranscodeArgs struct {
	JobID    uuid.UUID `json:"job_id"`
	Priority int       `json:"priority"`
}

// Kind names the job.
func (TranscodeArgs) Kind() string { return "transcode" }

// InsertOpts map the API priority (0 to 100, higher first) onto River's (4 to 1,
// lower first) and make the job unique per job and priority while one is live.
func (a TranscodeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 3,
		Priority:    4 - min(max(a.Priority, 0), 100)*3/100,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type transcodeWorker struct {
	river.WorkerDefaults[TranscodeArgs]
	p *Pipeline
}

// Work runs the job; a permanent failure fails it at once, a transient one is
// retried and fails it on the last attempt.
func (w *transcodeWorker) Work(ctx context.Context, job *river.Job[TranscodeArgs]) error {
	err := w.p.transcodeJob(ctx, job.Args)
	if err == nil || errors.Is(err, errJobGone) {
		return nil
	}
	var perm *permanent
	if errors.As(err, &perm) {
		return w.p.finishTranscoding(ctx, job.Args.JobID, perm.reason)
	}
	if job.Attempt >= job.MaxAttempts {
		reason := "transcoding failed: " + err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			reason = "transcoding timed out"
		}
		return w.p.finishTranscoding(ctx, job.Args.JobID, reason)
	}
	return err
}

// errJobGone: the job was canceled or deleted while it ran; nothing is owed.
var errJobGone = errors.New("transcoding job canceled or deleted")

// transcodeJob fetches the job's source, transcodes its outputs with the media
// pipeline's HLS transcode and writes them under transcoding/{id}/.
func (p *Pipeline) transcodeJob(ctx context.Context, args TranscodeArgs) error {
	j, err := p.Client.TranscodingJob.Get(ctx, args.JobID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	owed := j.Status == transcodingjob.StatusQueued || j.Status == transcodingjob.StatusRunning
	if !owed || (j.Status == transcodingjob.StatusQueued && j.Priority != args.Priority) {
		return nil // finished, canceled, or queued again at another priority
	}
	// Conditional on the priority too: a job queued again at another priority
	// meanwhile belongs to its newer River job.
	err = transcodelifecycle.Started(ctx, p.Client.TranscodingJob.Update().
		Where(transcodingjob.ID(j.ID), transcodingjob.Priority(args.Priority)))
	if errors.Is(err, transcodelifecycle.ErrRefused) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Tools.Missing != "" {
		return permanentf("cannot transcode: %s", p.Tools.Missing)
	}
	work, err := p.workDir("transcode")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()
	src := filepath.Join(work, "source")
	if err := p.fetchTranscodingSource(ctx, j, src); err != nil {
		return err
	}
	probe, err := p.Tools.ProbeFile(ctx, src)
	if media.IsNotMedia(err) {
		return permanentf("%s", err.Error())
	}
	if err != nil {
		return err
	}
	if !probe.HasVideo {
		return permanentf("the file has no video stream: transcoding jobs make video renditions")
	}
	rends, err := planOutputs(j.Outputs, probe.Width, probe.Height)
	if err != nil {
		return permanentf("%s", err.Error())
	}
	// A canceled or deleted job stops ffmpeg: the progress reporter watches the row.
	runCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	rep := &jobProgress{p: p, id: j.ID, stop: stop}
	out := filepath.Join(work, "hls")
	opts := media.HLSOptions{FPS: probe.FPS, HasAudio: probe.HasAudio, Threads: p.vodThreads(ctx, j.ID), Progress: func(s float64) {
		if probe.Duration > 0 {
			rep.set(runCtx, 0.95*min(s/probe.Duration, 1))
		}
	}}
	if err := p.Tools.TranscodeHLS(runCtx, probe.Input, out, rends, opts); err != nil {
		if errors.Is(context.Cause(runCtx), errJobGone) {
			return errJobGone
		}
		return err
	}
	prefix := transcode.Prefix(j.ID.String())
	// An earlier attempt killed while uploading left part of its outputs.
	if err := clearPrefix(ctx, p.Bucket, prefix); err != nil {
		return err
	}
	outputs := make([]transcode.Output, len(j.Outputs))
	for i, r := range rends {
		if err := uploadRendition(ctx, p.Bucket, filepath.Join(out, r.Name), prefix+r.Name+"/"); err != nil {
			return err
		}
		o := j.Outputs[i]
		o.Width, o.EncodedHeight, o.Playlist = r.Width, r.Height, prefix+r.Name+"/index.m3u8"
		outputs[i] = o
	}
	if err := p.Bucket.WriteAll(ctx, prefix+"master.m3u8", media.MasterPlaylist(rends, probe.HasAudio), nil); err != nil {
		return fmt.Errorf("write master playlist: %w", err)
	}
	return p.settleTranscoding(ctx, j.ID, func(u *ent.TranscodingJobUpdateOne) (*ent.TranscodingJob, error) {
		return transcodelifecycle.Succeeded(ctx, u.SetOutputs(outputs))
	}, events.TranscodingJobCompleted)
}

// planOutputs fits the requested outputs to the source: an output taller than the
// source is encoded at the source's own height (never upscaled), keeping its order.
func planOutputs(outs []transcode.Output, width, height int) ([]media.Rendition, error) {
	rends := make([]media.Rendition, len(outs))
	for i, o := range outs {
		r := media.Rung{Name: o.Name, Height: o.Height, VideoKbps: o.VideoBitrateKbps, AudioKbps: o.AudioBitrateKbps}
		planned, err := media.PlanLadder([]media.Rung{r}, width, height)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", o.Name, err)
		}
		planned[0].Name = o.Name
		rends[i] = planned[0]
	}
	return rends, nil
}

// fetchTranscodingSource writes the job's source to dst: the video's uploaded
// source, or the URL pulled with the import limits and address checks.
func (p *Pipeline) fetchTranscodingSource(ctx context.Context, j *ent.TranscodingJob, dst string) error {
	if j.VideoID != nil {
		v, err := p.Client.Video.Get(ctx, *j.VideoID)
		if ent.IsNotFound(err) || (err == nil && v.SourceKey == "") {
			return permanentf("the source video is gone")
		}
		if err != nil {
			return err
		}
		return downloadBlob(ctx, p.Bucket, v.SourceKey, dst)
	}
	lim := p.Import
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = 10 << 30
	}
	if lim.Timeout <= 0 {
		lim.Timeout = 30 * time.Minute
	}
	dctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer f.Close()
	n, err := download(dctx, j.SourceURL, f, lim)
	if err != nil {
		return err
	}
	if n == 0 {
		return permanentf("the URL returned an empty file")
	}
	_, err = f.Seek(0, io.SeekStart)
	return err
}

// finishTranscoding fails a job with a reason the client can read, with a fresh
// context so a timed-out job still records why.
func (p *Pipeline) finishTranscoding(ctx context.Context, id uuid.UUID, reason string) error {
	ctx, cancel := failureContext(ctx)
	defer cancel()
	reason = textcut.UTF8(reason, maxFailureReason)
	p.Log.WarnContext(ctx, "transcoding job failed", "transcoding_job_id", id, "reason", reason)
	return p.settleTranscoding(ctx, id, func(u *ent.TranscodingJobUpdateOne) (*ent.TranscodingJob, error) {
		return transcodelifecycle.Failed(ctx, u, reason)
	}, events.TranscodingJobFailed)
}

// settleTranscoding applies a running job's final state with move (a
// transcodelifecycle move) and records its event in one transaction; a job
// canceled or deleted meanwhile is left as it is.
func (p *Pipeline) settleTranscoding(ctx context.Context, id uuid.UUID, move func(*ent.TranscodingJobUpdateOne) (*ent.TranscodingJob, error), typ string) error {
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	j, err := tx.TranscodingJob.Get(ctx, id)
	if ent.IsNotFound(err) || (err == nil && j.Status != transcodingjob.StatusRunning) {
		return tx.Rollback()
	}
	if err == nil {
		j, err = move(tx.TranscodingJob.UpdateOne(j))
		if errors.Is(err, transcodelifecycle.ErrRefused) {
			return tx.Rollback()
		}
	}
	if err == nil && p.Events != nil {
		_, err = p.Events.Record(ctx, tx, typ, j.ProjectID, events.TranscodingJob(j))
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// jobProgress writes a job's progress at most once a second and stops the run
// when the job was canceled or deleted.
type jobProgress struct {
	p     *Pipeline
	id    uuid.UUID
	stop  context.CancelCauseFunc
	last  time.Time
	value float64
}

func (r *jobProgress) set(ctx context.Context, v float64) {
	if time.Since(r.last) < time.Second || v <= r.value {
		return
	}
	r.value, r.last = v, time.Now()
	n, err := r.p.Client.TranscodingJob.Update().
		Where(transcodingjob.ID(r.id), transcodingjob.StatusEQ(transcodingjob.StatusRunning)).
		SetProgress(v).Save(ctx)
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		r.p.Log.WarnContext(ctx, "record transcoding progress", "transcoding_job_id", r.id, "err", err)
	case err == nil && n == 0:
		r.stop(errJobGone)
	}
}
