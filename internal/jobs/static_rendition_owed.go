package jobs

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/staticres"
)

// oweStaticRenditions is called in the transaction (client) that makes a
// video ready: every static rendition it has is owed again (its renditions
// were just written, from a new source perhaps), and each of the project's
// default resolutions it lacks is created. The jobs are queued once the
// transaction commits (queueStaticRenditions); the sweeper queues any lost.
func oweStaticRenditions(ctx context.Context, client *ent.Client, v *ent.Video) error {
	if _, err := staticlifecycle.Requested(ctx, client.StaticRendition.Update().
		Where(staticrendition.VideoID(v.ID))); err != nil {
		return err
	}
	proj, err := client.Project.Get(ctx, v.ProjectID)
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
