package jobs

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/staticres"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// oweStaticRenditions is called in the transaction (client) that makes a
// video ready: every static rendition it has is owed again (its renditions
// were just written, from a new source perhaps), and each of the project's
// default resolutions it lacks is created (none when the project was deleted
// meanwhile: the video still becomes ready). The jobs are queued once the
// transaction commits (queueStaticRenditions); the sweeper queues any lost.
func oweStaticRenditions(ctx context.Context, client *ent.Client, v *ent.Video) error {
	if _, err := staticlifecycle.Requested(ctx, client.StaticRendition.Update().
		Where(staticrendition.VideoID(v.ID))); err != nil {
		return err
	}
	proj, err := client.Project.Get(ctx, v.ProjectID)
	if ent.IsNotFound(err) {
		return nil // the project was deleted meanwhile: it asks for no defaults
	}
	if err != nil {
		return err
	}
	if len(proj.StaticRenditions) == 0 {
		return nil
	}
	have, err := client.StaticRendition.Query().Where(staticrendition.VideoID(v.ID)).
		Select(staticrendition.FieldResolution).Strings(ctx)
	if err != nil {
		return err
	}
	var builders []*ent.StaticRenditionCreate
	for _, name := range proj.StaticRenditions {
		res, err := staticres.Parse(name)
		if err != nil || slices.Contains(have, res.Name) {
			continue // the schema validated the list; a name twice is made once
		}
		have = append(have, res.Name)
		builders = append(builders, client.StaticRendition.Create().SetVideoID(v.ID).
			SetResolution(res.Name).SetFileName(res.FileName()))
	}
	return client.StaticRendition.CreateBulk(builders...).Exec(ctx)
}

// queueStaticRenditions queues the jobs of a ready video's preparing static
// renditions; a failed insert is left to the sweeper.
func (p *Pipeline) queueStaticRenditions(ctx context.Context, videoID uuid.UUID) {
	ids, err := p.Client.StaticRendition.Query().
		Where(staticrendition.VideoID(videoID), staticrendition.StatusEQ(staticrendition.StatusPreparing)).IDs(ctx)
	if err == nil {
		for _, id := range ids {
			if err = p.Queue.Insert(ctx, StaticRenditionArgs{ID: id}); err != nil {
				break
			}
		}
	}
	if err != nil {
		p.Log.WarnContext(ctx, "queue static renditions; the sweeper will", "video_id", videoID, "err", err)
	}
}

// owedStaticRenditions are the preparing static renditions of ready videos:
// the sweeper queues their jobs.
func (p *Pipeline) owedStaticRenditions(ctx context.Context) ([]uuid.UUID, error) {
	return p.Client.StaticRendition.Query().
		Where(staticrendition.StatusEQ(staticrendition.StatusPreparing),
			staticrendition.HasVideoWith(video.StatusEQ(video.StatusReady))).
		Limit(1000).IDs(ctx)
}

// failStaticRenditionsOf fails, in tx, the preparing static renditions of v,
// a video that failed for videoReason: their files can never be made. Each
// records video.static_rendition.failed. It returns how many it failed; one
// deleted or moved on meanwhile is skipped.
func (p *Pipeline) failStaticRenditionsOf(ctx context.Context, tx *ent.Tx, v *ent.Video, videoReason string) (int, error) {
	ids, err := tx.StaticRendition.Query().
		Where(staticrendition.VideoID(v.ID), staticrendition.StatusEQ(staticrendition.StatusPreparing)).IDs(ctx)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	reason := "the video failed to process"
	if videoReason != "" {
		reason += ": " + videoReason
	}
	reason = textcut.UTF8(reason, maxFailureReason)
	n := 0
	for _, id := range ids {
		sr, err := staticlifecycle.Failed(ctx, tx.StaticRendition.UpdateOneID(id), reason)
		if ent.IsNotFound(err) || errors.Is(err, staticlifecycle.ErrRefused) {
			continue
		}
		if err != nil {
			return n, err
		}
		n++
		if p.Events != nil {
			if _, err := p.Events.Record(ctx, tx, events.VideoStaticRenditionFailed, v.ProjectID,
				events.StaticRendition(sr, v.ProjectID)); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// failOrphanedStaticRenditions fails the preparing static renditions of
// failed videos: those failed by another path than Pipeline.failVideo (an
// upload refused or abandoned, a live session that recorded nothing), or
// asked for as the video failed. Each video's are failed, with their events,
// in one transaction.
func (p *Pipeline) failOrphanedStaticRenditions(ctx context.Context) error {
	vids, err := p.Client.Video.Query().
		Where(video.StatusEQ(video.StatusFailed),
			video.HasStaticRenditionsWith(staticrendition.StatusEQ(staticrendition.StatusPreparing))).
		Limit(1000).All(ctx)
	if err != nil {
		return err
	}
	failed := 0
	for _, v := range vids {
		tx, err := p.Client.Tx(ctx)
		if err != nil {
			return err
		}
		n, err := p.failStaticRenditionsOf(ctx, tx, v, v.FailureReason)
		if err != nil {
			return errors.Join(err, tx.Rollback())
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		failed += n
	}
	if failed > 0 {
		p.Log.InfoContext(ctx, "failed static renditions of failed videos", "static_renditions", failed)
	}
	return nil
}
