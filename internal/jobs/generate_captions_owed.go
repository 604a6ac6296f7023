package jobs

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
)

// oweAutoCaptions is called in the transaction (client) that makes a video
// ready: when its project has automatic captions on (auto_captions_language)
// and the deployment an engine, a generation in that language is created,
// unless the video has a caption or a generation of the language already (a
// video processed again keeps its track, corrected perhaps). The job is
// queued once the transaction commits (queueCaptionGenerations); the sweeper
// queues any lost.
func (p *Pipeline) oweAutoCaptions(ctx context.Context, client *ent.Client, v *ent.Video) error {
	engine := p.Captions.Engine
	if engine == nil {
		return nil
	}
	proj, err := client.Project.Get(ctx, v.ProjectID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil || proj.AutoCaptionsLanguage == "" {
		return err
	}
	lang := proj.AutoCaptionsLanguage
	has, err := client.Caption.Query().Where(caption.VideoID(v.ID), caption.Language(lang)).Exist(ctx)
	if err != nil || has {
		return err
	}
	has, err = client.CaptionGeneration.Query().
		Where(captiongeneration.VideoID(v.ID), captiongeneration.Language(lang)).Exist(ctx)
	if err != nil || has {
		return err
	}
	return client.CaptionGeneration.Create().SetVideoID(v.ID).SetLanguage(lang).
		SetEngine(engine.Name()).SetModel(engine.Model()).Exec(ctx)
}

// queueCaptionGenerations queues the jobs of a ready video's queued
// generations; a failed insert is left to the sweeper.
func (p *Pipeline) queueCaptionGenerations(ctx context.Context, videoID uuid.UUID) {
	ids, err := p.Client.CaptionGeneration.Query().
		Where(captiongeneration.VideoID(videoID), captiongeneration.StatusEQ(captiongeneration.StatusQueued)).IDs(ctx)
	for _, id := range ids {
		if err != nil {
			break
		}
		err = p.Queue.Insert(ctx, GenerateCaptionsArgs{GenerationID: id})
	}
	if err != nil {
		p.Log.WarnContext(ctx, "queue caption generations; the sweeper will", "video_id", videoID, "err", err)
	}
}

// owedCaptionGenerations are the queued or running generations of ready
// videos: the sweeper queues their jobs (a live job of one blocks a second).
func (p *Pipeline) owedCaptionGenerations(ctx context.Context) ([]uuid.UUID, error) {
	return p.Client.CaptionGeneration.Query().
		Where(captiongeneration.StatusIn(captionlifecycle.Live()...),
			captiongeneration.HasVideoWith(video.StatusEQ(video.StatusReady))).
		Limit(1000).IDs(ctx)
}
