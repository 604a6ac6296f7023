package jobs

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/captionstore"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/speech"
	"github.com/vidra-dev/vidra/internal/usage"
)

// finishCaptionGeneration stores the track and records, in one transaction,
// the video's caption for the language (auto_generated, replacing the one it
// had), the generation ready with the seconds heard and spent, the engine's
// processor time as usage and caption.ready. A generation canceled or
// deleted meanwhile records nothing, and the written track is removed.
func (p *Pipeline) finishCaptionGeneration(ctx context.Context, v *ent.Video, g *ent.CaptionGeneration, engine speech.Engine, res speech.Result) error {
	key := blobs.NewKey(blobs.VideoPrefix(v.ProjectID, v.ID)+"captions/", ".vtt")
	if err := blobs.Write(ctx, p.Bucket, key, "text/vtt; charset=utf-8", res.WebVTT); err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			blobs.Discard(ctx, p.Bucket, p.Log, key)
		}
	}()
	tx, err := p.Client.Tx(ctx)
	if err != nil {
		return err
	}
	c, err := captionstore.Save(ctx, tx.Client(), v, captionstore.Track{
		Language: g.Language, Label: captionTrackLabel(g.Language), Format: caption.SourceFormatVtt,
		BlobKey: key, Size: int64(len(res.WebVTT)), Engine: engine.Name(), Model: engine.Model(),
	})
	if err == nil {
		g, err = captionlifecycle.Finished(ctx, tx.CaptionGeneration.UpdateOneID(g.ID).SetCaptionID(c.ID).
			SetAudioSeconds(res.AudioSeconds).SetCPUSeconds(res.Transcript.CPUSeconds))
		if ent.IsNotFound(err) || errors.Is(err, captionlifecycle.ErrRefused) {
			return tx.Rollback() // canceled or deleted meanwhile
		}
	}
	if err == nil && res.Transcript.CPUSeconds > 0 {
		err = p.meterCaptionCPU(ctx, tx.Client(), v, g)
	}
	if err == nil && p.Events != nil {
		_, err = p.Events.Record(ctx, tx, events.CaptionReady, v.ProjectID, events.Caption(c, v.ProjectID))
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	committed = true
	p.Log.InfoContext(ctx, "captions generated", "caption_generation_id", g.ID, "video_id", v.ID,
		"language", g.Language, "engine", engine.Name(), "audio_seconds", res.AudioSeconds,
		"cpu_seconds", res.Transcript.CPUSeconds, "cues_bytes", len(res.WebVTT))
	return nil
}

// meterCaptionCPU records the engine's processor time of a generation as
// usage (caption_cpu_seconds), once per generation.
func (p *Pipeline) meterCaptionCPU(ctx context.Context, client *ent.Client, v *ent.Video, g *ent.CaptionGeneration) error {
	org, err := usage.OrganizationOf(ctx, client, v.ProjectID)
	if err != nil {
		return err
	}
	return usage.Record(ctx, client, usage.Fact{
		Organization: org, Project: v.ProjectID, Metric: usage.CaptionCPUSeconds, At: time.Now(),
		Quantity: int64(math.Round(g.CPUSeconds * 1000)), SourceKey: usage.CaptionKey(g.ID),
	})
}

// recordCaptionFailed records caption.failed of a failed generation in tx.
func (p *Pipeline) recordCaptionFailed(ctx context.Context, tx *ent.Tx, g *ent.CaptionGeneration) error {
	if p.Events == nil {
		return nil
	}
	v, err := tx.Video.Get(ctx, g.VideoID)
	if err != nil {
		return err
	}
	_, err = p.Events.Record(ctx, tx, events.CaptionFailed, v.ProjectID, events.CaptionGeneration(g, v.ProjectID))
	return err
}
