package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/thumbnail"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/usage"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// ProcessVideoArgs asks for a video's source to be probed and transcoded.
type ProcessVideoArgs struct {
	VideoID uuid.UUID `json:"video_id"`
}

// Kind names the job.
func (ProcessVideoArgs) Kind() string { return "process_video" }

// InsertOpts make the job unique per video while one is live.
func (ProcessVideoArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type processVideoWorker struct {
	river.WorkerDefaults[ProcessVideoArgs]
	p *Pipeline
}

// Work processes the video; a permanent failure (not media, no ffmpeg) fails the
// video at once, a transient one is retried with backoff and fails the video on
// the last attempt, so no video stays in processing.
func (w *processVideoWorker) Work(ctx context.Context, job *river.Job[ProcessVideoArgs]) error {
	return w.p.settleVideoJob(ctx, job.Args.VideoID, job.Attempt, job.MaxAttempts, "processing", w.p.processVideo(ctx, job.Args.VideoID))
}

// processVideo turns the video's source into HLS renditions, thumbnails and a
// storyboard, publishing the lowest rendition first.
func (p *Pipeline) processVideo(ctx context.Context, id uuid.UUID) error {
	v, err := p.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil // deleted meanwhile: nothing owed
	}
	if err != nil {
		return err
	}
	owed := v.SourceKey != "" && (v.Status == video.StatusUploading || v.Status == video.StatusProcessing)
	if !owed {
		return nil
	}
	maxRuns := p.MaxRuns
	if maxRuns <= 0 {
		maxRuns = 3
	}
	if v.ProcessingAttempts >= maxRuns {
		return permanentf("processing gave up after %d attempts", v.ProcessingAttempts)
	}
	// Every run says processing started (a retry after a failed run too).
	if err := p.transition(ctx, func(tx *ent.Tx) (*ent.Video, error) {
		return videolifecycle.ProcessingStarted(ctx, tx.Client(), v.ID)
	}, events.VideoProcessing); errors.Is(err, videolifecycle.ErrRefused) {
		return nil // moved on since it was read (failed, say): nothing owed
	} else if err != nil {
		return err
	}
	if p.Tools.Missing != "" {
		return permanentf("cannot process: %s", p.Tools.Missing)
	}
	work, err := p.workDir("process")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(work) }()

	src := filepath.Join(work, "source")
	if err := downloadBlob(ctx, p.Bucket, v.SourceKey, src); err != nil {
		return err
	}
	probe, err := p.Tools.ProbeFile(ctx, src)
	if media.IsNotMedia(err) {
		return permanentf("%s", err.Error())
	}
	if err != nil {
		return err
	}
	if err := p.Client.Video.UpdateOneID(id).
		SetDuration(probe.Duration).SetWidth(probe.Width).SetHeight(probe.Height).
		Exec(ctx); err != nil {
		return err
	}
	rungs, err := p.Ladders.LadderFor(ctx, v.ProjectID)
	if err != nil {
		return err
	}
	policy, err := p.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		return err
	}
	ladder, err := planOutputLadder(rungs, probe, policy.Encrypt)
	if err != nil {
		return permanentf("encoding profile: %s", err.Error())
	}
	opts := ladder.hlsOptions(probe)
	opts.Threads = p.vodThreads(ctx, id)
	if policy.Encrypt {
		opts.KeyInfoFile, err = p.prepareEncryption(ctx, id, work)
		if err != nil {
			return err
		}
	} else if err := p.Client.Video.UpdateOneID(id).SetEncrypted(false).SetEncryptionKey("").Exec(ctx); err != nil {
		return err
	}
	if err := p.Client.Video.UpdateOneID(id).SetPackaging(video.Packaging(ladder.packaging)).Exec(ctx); err != nil {
		return err
	}
	if err := p.resetRenditions(ctx, id, ladder.all()); err != nil {
		return err
	}
	// An earlier attempt (one killed with its process) may have published
	// part of a ladder: this one starts from an empty folder.
	if err := usage.UnstoreVideo(ctx, p.Client, id, HLSPrefix(id), time.Now()); err != nil {
		return err
	}
	if err := clearPrefix(ctx, p.Bucket, HLSPrefix(id)); err != nil {
		return err
	}

	progress := &progressReporter{p: p, id: id}
	out := filepath.Join(work, "hls")
	// One ffmpeg run encodes the whole ladder from one decode; meanwhile the
	// lowest rung (and the sound) is published segment by segment, so the
	// video plays early.
	early := &earlyPublisher{p: p, id: id, out: out, ladder: ladder.first(), sent: map[string]bool{}}
	earlyCtx, stopEarly := context.WithCancel(ctx)
	earlyDone := make(chan struct{})
	go func() { defer close(earlyDone); early.run(earlyCtx, 500*time.Millisecond) }()
	opts.Progress = progress.phase(ctx, 0, 0.9, probe.Duration)
	err = p.Tools.TranscodeHLS(ctx, probe.Input, out, ladder.video, opts)
	stopEarly()
	<-earlyDone
	if err != nil {
		return err
	}
	if err := p.publish(ctx, v, out, ladder, probe); err != nil {
		return err
	}
	progress.set(ctx, 0.9)
	if probe.HasVideo {
		if err := p.makeImages(ctx, v, work, probe); err != nil {
			return err
		}
	}
	if err := p.transition(ctx, func(tx *ent.Tx) (*ent.Video, error) {
		ready, err := videolifecycle.ProcessingFinished(ctx, tx.Client(), id)
		if err == nil && ready != nil {
			err = oweStaticRenditions(ctx, tx.Client(), ready)
		}
		if err == nil && ready != nil {
			err = p.oweAutoCaptions(ctx, tx.Client(), ready)
		}
		return ready, err
	}, events.VideoReady); err != nil {
		return err
	}
	p.queueStaticRenditions(ctx, id)
	p.queueCaptionGenerations(ctx, id)
	p.queueClipsOf(ctx, id)
	return nil
}

// prepareEncryption makes a fresh AES-128 key for the video, records it (the
// playback handler serves it only with a valid token) and writes ffmpeg's key
// info file. The key URI is relative to a rendition playlist.
func (p *Pipeline) prepareEncryption(ctx context.Context, id uuid.UUID, work string) (string, error) {
	key := make([]byte, 16)
	if _, err := rand.Read(key); err != nil {
		return "", err
	}
	keyFile := filepath.Join(work, "enc.key")
	if err := os.WriteFile(keyFile, key, 0o600); err != nil {
		return "", err
	}
	info := filepath.Join(work, "enc.keyinfo")
	if err := os.WriteFile(info, []byte("../key\n"+keyFile+"\n"), 0o600); err != nil {
		return "", err
	}
	if err := p.Client.Video.UpdateOneID(id).SetEncrypted(true).SetEncryptionKey(hex.EncodeToString(key)).Exec(ctx); err != nil {
		return "", err
	}
	return info, nil
}

// resetRenditions replaces the video's rendition rows with pending ones for rends.
func (p *Pipeline) resetRenditions(ctx context.Context, id uuid.UUID, rends []media.Rendition) error {
	if _, err := p.Client.Rendition.Delete().Where(rendition.VideoID(id)).Exec(ctx); err != nil {
		return err
	}
	builders := make([]*ent.RenditionCreate, len(rends))
	for i, r := range rends {
		builders[i] = p.Client.Rendition.Create().SetVideoID(id).SetName(r.Name).
			SetWidth(r.Width).SetHeight(r.Height).SetBandwidth(r.Bandwidth(true))
	}
	return p.Client.Rendition.CreateBulk(builders...).Exec(ctx)
}

// publish uploads the finished renditions, then the master playlist (and a
// CMAF video's DASH MPD), then, in one transaction, marks the renditions ready
// and records their metering facts: the encoded output seconds of each
// (encode:{rendition}) and the output as a stored object.
func (p *Pipeline) publish(ctx context.Context, v *ent.Video, out string, ladder outputLadder, probe *media.Probe) error {
	id := v.ID
	rends := ladder.all()
	names := make([]string, len(rends))
	var bytes int64
	for i, r := range rends {
		if err := uploadRendition(ctx, p.Bucket, filepath.Join(out, r.Name), HLSPrefix(id)+r.Name+"/"); err != nil {
			return err
		}
		n, err := dirBytes(filepath.Join(out, r.Name))
		if err != nil {
			return err
		}
		bytes += n
		names[i] = r.Name
	}
	master, mpd, err := ladder.manifests(out, true)
	if err != nil {
		return fmt.Errorf("manifests: %w", err)
	}
	if mpd != nil {
		if err := p.Bucket.WriteAll(ctx, HLSPrefix(id)+media.DASHManifestName, mpd, nil); err != nil {
			return fmt.Errorf("write DASH manifest: %w", err)
		}
		bytes += int64(len(mpd))
	}
	if err := p.Bucket.WriteAll(ctx, MasterKey(id), master, nil); err != nil {
		return fmt.Errorf("write master playlist: %w", err)
	}
	bytes += int64(len(master))
	metered := names
	if len(ladder.video) > 0 {
		// The sound rendition is part of each video rendition's encoding, as
		// it was when it was muxed into each: only video renditions are metered.
		metered = names[:len(ladder.video)]
	}
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := p.markReady(ctx, tx.Client(), v, names, metered, bytes, probe.Duration); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// markReady marks the named renditions ready and records, in the same
// transaction (client), the encoded output seconds of each metered one and the
// output (bytes, media seconds) as a stored object from now on.
func (p *Pipeline) markReady(ctx context.Context, client *ent.Client, v *ent.Video, names, metered []string, bytes int64, seconds float64) error {
	if err := client.Rendition.Update().
		Where(rendition.VideoID(v.ID), rendition.NameIn(names...)).
		SetStatus(rendition.StatusReady).
		Exec(ctx); err != nil {
		return err
	}
	rs, err := client.Rendition.Query().Where(rendition.VideoID(v.ID), rendition.NameIn(metered...)).All(ctx)
	if err != nil {
		return err
	}
	org, err := usage.OrganizationOf(ctx, client, v.ProjectID)
	if err != nil {
		return err
	}
	now := time.Now()
	facts := make([]usage.Fact, len(rs))
	for i, r := range rs {
		facts[i] = usage.Fact{Organization: org, Project: v.ProjectID, Metric: usage.EncodedOutputSeconds,
			At: now, Quantity: int64(seconds*1000 + 0.5), SourceKey: usage.EncodeKey(r.ID)}
	}
	if err := usage.Record(ctx, client, facts...); err != nil {
		return err
	}
	if err := usage.UnstoreVideo(ctx, client, v.ID, HLSPrefix(v.ID), now); err != nil {
		return err
	}
	return usage.Store(ctx, client, usage.Object{Organization: org, Project: v.ProjectID, Video: v.ID,
		Key: HLSPrefix(v.ID), Bytes: bytes, VideoSeconds: seconds, At: now})
}

// dirBytes is the total size of the files under dir.
func dirBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		n += info.Size()
		return nil
	})
	return n, err
}

// makeImages takes the thumbnails (the first is the poster unless the client chose
// one) and the storyboard sprite with its WebVTT.
func (p *Pipeline) makeImages(ctx context.Context, v *ent.Video, work string, probe *media.Probe) error {
	frames, err := p.Tools.Thumbnails(ctx, filepath.Join(work, "thumbs"), probe)
	if err != nil {
		return err
	}
	if _, err := p.Client.Thumbnail.Delete().Where(thumbnail.VideoID(v.ID), thumbnail.KindEQ(thumbnail.KindGenerated)).Exec(ctx); err != nil {
		return err
	}
	hasDefault, err := p.Client.Thumbnail.Query().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).Exist(ctx)
	if err != nil {
		return err
	}
	for i, f := range frames {
		key := ImagePrefix(v.ID) + fmt.Sprintf("thumb_%d_%d.jpg", i, time.Now().UnixNano())
		if err := uploadFile(ctx, p.Bucket, f.Path, key); err != nil {
			return err
		}
		if err := p.Client.Thumbnail.Create().SetVideoID(v.ID).SetKey(key).
			SetKind(thumbnail.KindGenerated).SetTimeOffset(f.At).
			SetWidth(f.Width).SetHeight(f.Height).
			SetIsDefault(i == 0 && !hasDefault).
			Exec(ctx); err != nil {
			return err
		}
	}
	sb, sprite, err := p.Tools.MakeStoryboard(ctx, filepath.Join(work, "storyboard"), probe)
	if err != nil {
		return err
	}
	if err := uploadFile(ctx, p.Bucket, sprite, ImagePrefix(v.ID)+"storyboard.jpg"); err != nil {
		return err
	}
	vtt := media.StoryboardVTT(*sb, probe.Duration, "storyboard.jpg")
	if err := p.Bucket.WriteAll(ctx, ImagePrefix(v.ID)+"storyboard.vtt", vtt, nil); err != nil {
		return err
	}
	return p.Client.Video.UpdateOneID(v.ID).SetStoryboard(sb).Exec(ctx)
}
