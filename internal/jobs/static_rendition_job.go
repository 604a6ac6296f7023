package jobs

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/hlscrypt"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/staticres"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/usage"
)

// StaticRenditionArgs asks for a static rendition's file (an MP4 download) to
// be made from its video's renditions.
type StaticRenditionArgs struct {
	ID uuid.UUID `json:"static_rendition_id"`
}

// Kind names the job.
func (StaticRenditionArgs) Kind() string { return "static_rendition" }

// InsertOpts put the job on the media queue, unique per static rendition while
// one is live.
func (StaticRenditionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

// StaticRenditionKey is where a static rendition's file is stored: under its
// video's folder, so the video's deletion removes it.
func StaticRenditionKey(videoID, id uuid.UUID, fileName string) string {
	return StaticRenditionPrefix(videoID, id) + fileName
}

// StaticRenditionPrefix is the folder of one static rendition's file.
func StaticRenditionPrefix(videoID, id uuid.UUID) string {
	return VideoPrefix(videoID) + "downloads/" + id.String() + "/"
}

type staticRenditionWorker struct {
	river.WorkerDefaults[StaticRenditionArgs]
	p *Pipeline
}

// Work makes the file; a permanent failure fails the static rendition at
// once, a transient one is retried and fails it on the last attempt.
func (w *staticRenditionWorker) Work(ctx context.Context, job *river.Job[StaticRenditionArgs]) error {
	id := job.Args.ID
	return settleAttempt(job.Attempt, job.MaxAttempts, "making the file", w.p.makeStaticRendition(ctx, id),
		func(reason string) error { return w.p.failStaticRendition(ctx, id, reason) })
}

// makeStaticRendition joins the chosen renditions' segments, remuxes them into
// one MP4 (index first) and records it ready. A static rendition that is not
// preparing, or whose video is not ready, is left alone: the video's
// processing queues it again when it is ready.
func (p *Pipeline) makeStaticRendition(ctx context.Context, id uuid.UUID) error {
	sr, err := p.Client.StaticRendition.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if sr.Status != staticrendition.StatusPreparing {
		return nil
	}
	v, err := p.Client.Video.Get(ctx, sr.VideoID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if v.Status != video.StatusReady {
		return nil
	}
	if p.Tools.Missing != "" {
		return permanentf("cannot make downloads: %s", p.Tools.Missing)
	}
	res, err := staticres.Parse(sr.Resolution)
	if err != nil {
		return permanentf("%s", err.Error())
	}
	rends, err := p.Client.Rendition.Query().
		Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).All(ctx)
	if err != nil {
		return err
	}
	src, err := PickStaticSource(rends, res, v.Packaging)
	if err != nil {
		return permanentf("%s", err.Error())
	}
	work, err := p.workDir("download")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()
	var vin, ain media.RemuxInput
	if src.Video != "" {
		if vin, err = p.joinRendition(ctx, v, src.Video, work); err != nil {
			return err
		}
	}
	if src.Audio != "" {
		if ain, err = p.joinRendition(ctx, v, src.Audio, work); err != nil {
			return err
		}
	}
	out := filepath.Join(work, "out.mp4")
	if err := p.Tools.RemuxMP4(ctx, vin, ain, res.Audio(), out); err != nil {
		if errors.Is(err, media.ErrNoSound) {
			return permanentf("the video has no sound: there is no audio-only file to make")
		}
		return err
	}
	probe, err := p.Tools.ProbeFile(ctx, out)
	if err != nil {
		return fmt.Errorf("probe the written file: %w", err)
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	key := StaticRenditionKey(v.ID, sr.ID, sr.FileName)
	if err := uploadFile(ctx, p.Bucket, out, key); err != nil {
		return err
	}
	var bitrate int64
	if probe.Duration > 0 {
		bitrate = int64(float64(st.Size()*8) / probe.Duration)
	}
	written := staticFile{key: key, bytes: st.Size(), width: probe.Width, height: probe.Height,
		bitrate: bitrate, seconds: probe.Duration}
	return p.settleStaticRendition(ctx, v, sr.ID, written)
}

// joinRendition writes one rendition's segments, in playlist order, into one
// local file (a CMAF rendition's init segment first; an encrypted MPEG-TS
// rendition's segments decrypted) and names its container.
func (p *Pipeline) joinRendition(ctx context.Context, v *ent.Video, name, work string) (media.RemuxInput, error) {
	prefix := HLSPrefix(v.ID) + name + "/"
	body, err := p.Bucket.ReadAll(ctx, prefix+"index.m3u8")
	if err != nil {
		return media.RemuxInput{}, fmt.Errorf("rendition %s playlist: %w", name, err)
	}
	segs, err := media.ParseMediaPlaylist(string(body))
	if err != nil {
		return media.RemuxInput{}, fmt.Errorf("rendition %s: %w", name, err)
	}
	in := media.RemuxInput{Path: filepath.Join(work, name+".ts"), Demuxer: "mpegts"}
	var files []string
	if v.Packaging == video.PackagingCmaf {
		in = media.RemuxInput{Path: filepath.Join(work, name+".mp4"), Demuxer: "mov"}
		files = append(files, media.CMAFInit)
	}
	for _, s := range segs {
		files = append(files, s.Name)
	}
	var key []byte
	if v.Encrypted {
		if key, err = hex.DecodeString(v.EncryptionKey); err != nil {
			return media.RemuxInput{}, fmt.Errorf("video key: %w", err)
		}
	}
	f, err := os.Create(in.Path)
	if err != nil {
		return media.RemuxInput{}, err
	}
	defer f.Close()
	for i, file := range files {
		var iv []byte
		if j := i - (len(files) - len(segs)); j >= 0 {
			iv = segs[j].IV
		}
		if err := p.appendBlob(ctx, f, prefix+file, key, iv); err != nil {
			return media.RemuxInput{}, err
		}
	}
	return in, f.Close()
}

// appendBlob copies a blob to the end of f, decrypting it with key and iv
// when the segment is encrypted (iv set).
func (p *Pipeline) appendBlob(ctx context.Context, f *os.File, key string, aesKey, iv []byte) error {
	if iv != nil {
		b, err := p.Bucket.ReadAll(ctx, key)
		if err != nil {
			return fmt.Errorf("segment %s: %w", key, err)
		}
		if b, err = hlscrypt.Decrypt(aesKey, iv, b); err != nil {
			return fmt.Errorf("segment %s: %w", key, err)
		}
		_, err = f.Write(b)
		return err
	}
	r, err := p.Bucket.NewReader(ctx, key, nil)
	if err != nil {
		return fmt.Errorf("segment %s: %w", key, err)
	}
	defer r.Close()
	_, err = io.Copy(f, r)
	return err
}

// staticFile is a written static rendition file's facts.
type staticFile struct {
	key            string
	bytes, bitrate int64
	width, height  int
	seconds        float64
}

// settleStaticRendition records the written file: the static rendition ready,
// the file as a stored object (ending the billing of the one it replaces, at
// the same key) and video.static_rendition.ready, in one transaction. A static
// rendition deleted or asked again meanwhile is left as it is; a deleted one's
// file is removed.
func (p *Pipeline) settleStaticRendition(ctx context.Context, v *ent.Video, id uuid.UUID, f staticFile) error {
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	sr, err := tx.StaticRendition.Get(ctx, id)
	if ent.IsNotFound(err) {
		_ = tx.Rollback()
		return p.discardBlob(ctx, f.key)
	}
	if err == nil {
		sr, err = staticlifecycle.Finished(ctx, tx.StaticRendition.UpdateOne(sr).SetBlobKey(f.key).
			SetBytes(f.bytes).SetBitrate(f.bitrate).SetWidth(f.width).SetHeight(f.height))
		if errors.Is(err, staticlifecycle.ErrRefused) {
			return tx.Rollback()
		}
	}
	var org uuid.UUID
	if err == nil {
		org, err = usage.OrganizationOf(ctx, tx.Client(), v.ProjectID)
	}
	now := time.Now()
	if err == nil {
		err = usage.Unstore(ctx, tx.Client(), v.ProjectID, f.key, false, now)
	}
	if err == nil {
		err = usage.Store(ctx, tx.Client(), usage.Object{Organization: org, Project: v.ProjectID, Video: v.ID,
			Key: f.key, Bytes: f.bytes, VideoSeconds: f.seconds, At: now})
	}
	if err == nil && p.Events != nil {
		_, err = p.Events.Record(ctx, tx, events.VideoStaticRenditionReady, v.ProjectID, events.StaticRendition(sr, v.ProjectID))
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// discardBlob removes a file written for a row that is gone.
func (p *Pipeline) discardBlob(ctx context.Context, key string) error {
	if err := p.Bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return err
	}
	return nil
}

// failStaticRendition fails a preparing static rendition with a reason the
// client can read and records video.static_rendition.failed, with a fresh
// context so a timed-out job still records why.
func (p *Pipeline) failStaticRendition(ctx context.Context, id uuid.UUID, reason string) error {
	ctx, cancel := failureContext(ctx)
	defer cancel()
	reason = textcut.UTF8(reason, maxFailureReason)
	p.Log.WarnContext(ctx, "static rendition failed", "static_rendition_id", id, "reason", reason)
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	sr, err := tx.StaticRendition.Get(ctx, id)
	if ent.IsNotFound(err) {
		return tx.Rollback()
	}
	if err == nil {
		sr, err = staticlifecycle.Failed(ctx, tx.StaticRendition.UpdateOne(sr), reason)
		if errors.Is(err, staticlifecycle.ErrRefused) {
			return tx.Rollback()
		}
	}
	var projectID uuid.UUID
	if err == nil {
		var v *ent.Video
		if v, err = tx.Video.Get(ctx, sr.VideoID); err == nil {
			projectID = v.ProjectID
		}
	}
	if err == nil && p.Events != nil {
		_, err = p.Events.Record(ctx, tx, events.VideoStaticRenditionFailed, projectID, events.StaticRendition(sr, projectID))
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}
