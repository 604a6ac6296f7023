package jobs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/usage"
)

// ClipVideoArgs asks for a clip's source to be cut from the video it clips
// (createClip).
type ClipVideoArgs struct {
	VideoID uuid.UUID `json:"video_id"`
}

// Kind names the job.
func (ClipVideoArgs) Kind() string { return "clip_video" }

// InsertOpts put the job on the media queue, unique per clip while one is live.
func (ClipVideoArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type clipVideoWorker struct {
	river.WorkerDefaults[ClipVideoArgs]
	p *Pipeline
}

// Work cuts the clip; a range or a video that can never give it fails the
// clip at once, another failure is retried and fails it on the last attempt.
func (w *clipVideoWorker) Work(ctx context.Context, job *river.Job[ClipVideoArgs]) error {
	return w.p.settleVideoJob(ctx, job.Args.VideoID, job.Attempt, job.MaxAttempts, "cutting the clip", w.p.cutClip(ctx, job.Args.VideoID))
}

// cutClip cuts a clip's range out of the source of the video it clips,
// stores it as the clip's source and queues its processing. A clip whose
// video is not ready yet waits: that video's processing queues its clips
// when it is ready (and the sweeper, every interval).
func (p *Pipeline) cutClip(ctx context.Context, id uuid.UUID) error {
	v, err := p.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if v.Status != video.StatusUploading || v.SourceKey != "" || v.ClipSourceID == nil || v.ClipStart == nil || v.ClipEnd == nil {
		return nil // not owed any more
	}
	from, err := p.Client.Video.Get(ctx, *v.ClipSourceID)
	switch {
	case ent.IsNotFound(err):
		return permanentf("the video it is cut from was deleted before the cut")
	case err != nil:
		return err
	}
	switch from.Status {
	case video.StatusFailed:
		return permanentf("the video it is cut from failed to process: %s", from.FailureReason)
	case video.StatusReady:
	default:
		return nil // cut once that video is ready
	}
	start, end := *v.ClipStart, *v.ClipEnd
	switch {
	case from.SourceKey == "":
		return permanentf("the video it is cut from has no source file")
	case end > from.Duration+0.001:
		return permanentf("the range ends at %.3f s, after the end of the video it is cut from (%.3f s)", end, from.Duration)
	case p.Tools.Missing != "":
		return permanentf("cannot cut clips: %s", p.Tools.Missing)
	}
	work, err := p.workDir("clip")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()
	src, local := localBlob(ctx, p.Bucket, from.SourceKey)
	if !local {
		src = filepath.Join(work, "source")
		if err := downloadBlob(ctx, p.Bucket, from.SourceKey, src); err != nil {
			return err
		}
	}
	in, err := media.OpenInput(src)
	if err != nil {
		return permanentf("the source of the video it is cut from cannot be read: %s", err.Error())
	}
	began := time.Now()
	out := filepath.Join(work, "clip.mp4")
	cut, err := p.Tools.CutRange(ctx, in, start, end, work, out)
	if errors.Is(err, media.ErrEmptyRange) {
		return permanentf("the range %.3f-%.3f s holds no frame of the video it is cut from", start, end)
	}
	if err != nil {
		return err
	}
	p.Log.InfoContext(ctx, "clip cut", "video_id", id, "from", from.ID, "start", cut.Start, "end", cut.End,
		"copied_seconds", cut.Copied, "encoded_seconds", cut.Encoded, "fallback", cut.Fallback,
		"took", time.Since(began))
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	key := SourceKey(id)
	if err := uploadFile(ctx, p.Bucket, out, key); err != nil {
		return err
	}
	// The row is the record: source set, still uploading = processing owed.
	if err := p.transition(ctx, func(tx *ent.Tx) (*ent.Video, error) {
		nv, err := tx.Video.UpdateOneID(id).
			Where(video.StatusEQ(video.StatusUploading), video.SourceKey("")).
			SetSourceKey(key).SetSize(st.Size()).SetClipStart(cut.Start).SetClipEnd(cut.End).Save(ctx)
		if err != nil {
			return nil, err
		}
		return nv, usage.StoreSource(ctx, tx.Client(), nv.ProjectID, nv.ID, key, st.Size(), time.Now())
	}); err != nil {
		if ent.IsNotFound(err) {
			return p.discardBlob(ctx, key) // deleted or failed meanwhile
		}
		return err
	}
	return p.Queue.Insert(ctx, ProcessVideoArgs{VideoID: id})
}

// queueClipsOf queues the job of every clip waiting for the video id, once
// that video is ready (the job cuts them) or failed (the job fails them).
func (p *Pipeline) queueClipsOf(ctx context.Context, id uuid.UUID) {
	clips, err := p.Client.Video.Query().
		Where(video.ClipSourceID(id), video.StatusEQ(video.StatusUploading), video.SourceKey("")).IDs(ctx)
	if err != nil {
		p.Log.WarnContext(ctx, "find the clips waiting for a video; the sweeper will", "video_id", id, "err", err)
		return
	}
	for _, c := range clips {
		if err := p.Queue.Insert(ctx, ClipVideoArgs{VideoID: c}); err != nil {
			p.Log.WarnContext(ctx, "queue a clip's cut; the sweeper will", "video_id", c, "err", err)
		}
	}
}

// owedClips are the clips whose cut the sweeper queues: those waiting for a
// video that is ready (the job cuts them), failed or gone (the job fails
// them). Clips of a video still uploading or processing wait: its
// ProcessingFinished queues them (queueClipsOf).
func (p *Pipeline) owedClips(ctx context.Context) ([]uuid.UUID, error) {
	waiting, err := p.Client.Video.Query().
		Where(video.StatusEQ(video.StatusUploading), video.SourceKey(""), video.ClipSourceIDNotNil()).
		Select(video.FieldID, video.FieldClipSourceID).All(ctx)
	if err != nil || len(waiting) == 0 {
		return nil, err
	}
	parents := make([]uuid.UUID, 0, len(waiting))
	for _, c := range waiting {
		parents = append(parents, *c.ClipSourceID)
	}
	busy, err := p.Client.Video.Query().
		Where(video.IDIn(parents...), video.StatusNotIn(video.StatusReady, video.StatusFailed)).IDs(ctx)
	if err != nil {
		return nil, err
	}
	wait := make(map[uuid.UUID]bool, len(busy))
	for _, id := range busy {
		wait[id] = true
	}
	var owed []uuid.UUID
	for _, c := range waiting {
		if !wait[*c.ClipSourceID] {
			owed = append(owed, c.ID)
		}
	}
	return owed, nil
}
