package livehls

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// FinalizeArgs asks for a live session's recording to become its video's source:
// the segments are joined without re-encoding (one piece per publisher
// connection), stored at the video's source key, and the video goes to the VOD
// pipeline (process_video). Session.Close queues it; the ingest queues it too
// when a session ends without Close (node lost).
type FinalizeArgs struct {
	VideoID   uuid.UUID `json:"video_id"`
	ProjectID uuid.UUID `json:"project_id"`
	StreamID  uuid.UUID `json:"stream_id"`
	SessionID uuid.UUID `json:"session_id"`
	EndReason string    `json:"end_reason,omitempty"`
}

// Kind names the job.
func (FinalizeArgs) Kind() string { return "finalize_live_recording" }

// InsertOpts make the job unique per video while one is queued or running.
func (FinalizeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       jobs.QueueMedia,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: jobs.ActiveStates},
	}
}

// FinalizeWorker runs FinalizeArgs jobs.
type FinalizeWorker struct {
	river.WorkerDefaults[FinalizeArgs]
	Client *ent.Client
	Bucket *blob.Bucket
	Tools  media.Tools
	// Queue receives process_video once the source is stored.
	Queue Inserter
	// Events records livestream.recording.ready (and video.failed for a session
	// that recorded nothing); nil: none.
	Events *webhooks.Recorder
	Log    *slog.Logger
	// TempDir holds work files; the OS default when empty.
	TempDir string
}

// statusLive is the video status of a recording in progress.
const statusLive = video.StatusLive

// Work joins the recording and hands the video to the VOD pipeline. It does
// nothing for a video that is no longer live (done already, or deleted).
func (w *FinalizeWorker) Work(ctx context.Context, job *river.Job[FinalizeArgs]) error {
	id := job.Args.VideoID
	v, err := w.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if v.Status != statusLive {
		return nil
	}
	groups, err := recordingGroups(ctx, w.Bucket, id)
	if err != nil {
		return err
	}
	if len(groups) == 0 {
		return w.transition(ctx, v, func(tx *ent.Tx) (*ent.Video, error) {
			nv, err := videolifecycle.LiveRecordedNothing(ctx, tx.Client(), id, "the live session recorded no playable media")
			if err == nil && w.Events != nil {
				_, err = w.Events.Record(ctx, tx, events.VideoFailed, nv.ProjectID, events.Video(nv))
			}
			return nv, err
		})
	}
	if w.Tools.Missing != "" {
		return fmt.Errorf("cannot join the recording: %s", w.Tools.Missing)
	}
	work, err := os.MkdirTemp(w.TempDir, "vidra-live-finalize-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()
	key, err := w.Bucket.ReadAll(ctx, EncryptionKeyKey(id))
	if gcerrors.Code(err) == gcerrors.NotFound {
		key, err = nil, nil
	}
	if err != nil {
		return err
	}
	var list strings.Builder
	for i, g := range groups {
		name := filepath.Join(work, fmt.Sprintf("part_%04d.ts", i))
		if err := joinSegments(ctx, w.Bucket, id, g, key, name); err != nil {
			return err
		}
		fmt.Fprintf(&list, "file '%s'\n", name)
	}
	listFile := filepath.Join(work, "list.txt")
	if err := os.WriteFile(listFile, []byte(list.String()), 0o600); err != nil {
		return err
	}
	out := filepath.Join(work, "source.mp4")
	if err := w.Tools.ConcatCopy(ctx, listFile, out); err != nil {
		return err
	}
	size, err := upload(ctx, w.Bucket, out, jobs.SourceKey(id))
	if err != nil {
		return err
	}
	err = w.transition(ctx, v, func(tx *ent.Tx) (*ent.Video, error) {
		nv, err := videolifecycle.LiveRecorded(ctx, tx.Client(), id, jobs.SourceKey(id), size)
		if err == nil {
			err = emit(ctx, w.Events, tx, EventRecordingReady, job.Args.StreamID, nv.ProjectID, map[string]any{
				"session_id": job.Args.SessionID, "video_id": id, "end_reason": job.Args.EndReason,
				"video": events.Video(nv)})
		}
		return nv, err
	})
	if ent.IsNotFound(err) || errors.Is(err, videolifecycle.ErrRefused) {
		return nil // deleted or moved on meanwhile
	}
	if err != nil {
		return err
	}
	if w.Queue != nil {
		// A lost insert is found by the sweeper: the video is uploading with a source.
		return w.Queue.Insert(ctx, jobs.ProcessVideoArgs{VideoID: id})
	}
	return nil
}

// transition changes the video and records its events in one transaction.
func (w *FinalizeWorker) transition(ctx context.Context, _ *ent.Video, change func(tx *ent.Tx) (*ent.Video, error)) error {
	tx, err := w.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if _, err = change(tx); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// recordingGroups lists the session's segments in order, split where a
// publisher connection started (disc markers).
func recordingGroups(ctx context.Context, b *blob.Bucket, id uuid.UUID) ([][]int, error) {
	var segs []int
	disc := map[int]bool{}
	it := b.List(&blob.ListOptions{Prefix: Prefix(id)})
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		name := strings.TrimPrefix(obj.Key, Prefix(id))
		if n, ok := strings.CutPrefix(name, "seg_"); ok {
			if seq, err := strconv.Atoi(strings.TrimSuffix(n, ".ts")); err == nil {
				segs = append(segs, seq)
			}
		} else if n, ok := strings.CutPrefix(name, "disc_"); ok {
			if seq, err := strconv.Atoi(n); err == nil {
				disc[seq] = true
			}
		}
	}
	sort.Ints(segs)
	var groups [][]int
	for i, seq := range segs {
		if i == 0 || disc[seq] {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], seq)
	}
	return groups, nil
}

// joinSegments writes one connection's segments, decrypted, into one local TS.
func joinSegments(ctx context.Context, b *blob.Bucket, id uuid.UUID, seqs []int, key []byte, dst string) error {
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	for _, seq := range seqs {
		data, err := b.ReadAll(ctx, Prefix(id)+segmentName(seq))
		if err == nil && key != nil {
			data, err = decrypt(key, seq, data)
		}
		if err != nil {
			_ = f.Close()
			return fmt.Errorf("segment %d: %w", seq, err)
		}
		if _, err := f.Write(data); err != nil {
			_ = f.Close()
			return err
		}
	}
	return f.Close()
}

// upload writes a local file to the bucket and returns its size.
func upload(ctx context.Context, b *blob.Bucket, src, key string) (int64, error) {
	f, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w, err := b.NewWriter(ctx, key, &blob.WriterOptions{ContentType: "video/mp4"})
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(w, f)
	if err != nil {
		_ = w.Close()
		return 0, err
	}
	return n, w.Close()
}
