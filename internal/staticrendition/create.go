package staticrendition

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/staticlifecycle"
	"github.com/vidra-dev/vidra/internal/staticres"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Create asks for a static rendition of a video at a resolution: a new one
// is preparing; one the video has already is made again. A ready video's
// job is queued once the mutation commits; a video still processing gets
// its file when it is ready. A resolution the ready video's ladder cannot
// give (a height it lacks, a picture or sound it has not) is refused.
func (s *Service) Create(ctx context.Context, videoID uuid.UUID, resolution string) (out *ent.StaticRendition, err error) {
	res, err := staticres.Parse(resolution)
	if err != nil {
		return nil, fault.FieldError("resolution", "%s", err.Error())
	}
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		if err := available(ctx, client, v, res); err != nil {
			return err
		}
		old, err := client.StaticRendition.Query().
			Where(staticrendition.VideoID(v.ID), staticrendition.Resolution(res.Name)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			out, err = client.StaticRendition.Create().SetVideoID(v.ID).
				SetResolution(res.Name).SetFileName(res.FileName()).Save(ctx)
		case err == nil:
			if _, err = staticlifecycle.Requested(ctx, client.StaticRendition.Update().
				Where(staticrendition.ID(old.ID))); err == nil {
				out, err = client.StaticRendition.Get(ctx, old.ID)
			}
		}
		if err != nil {
			return err
		}
		if v.Status == video.StatusReady {
			s.queue(ctx, out.ID)
		}
		return nil
	})
	return out, err
}

// available refuses a resolution a video cannot give: a live video's, a
// failed one's, and, once the video is ready, one its renditions cannot make
// (jobs.PickStaticSource, which the job uses too).
func available(ctx context.Context, client *ent.Client, v *ent.Video, res staticres.Resolution) error {
	switch v.Status {
	case video.StatusFailed:
		return fault.FieldError("videoID", "the video failed to process: it has nothing to download")
	case video.StatusLive:
		return fault.FieldError("videoID", "the video is live: ask for its downloads once its recording is ready")
	case video.StatusReady:
	default:
		return nil // checked by the job once the renditions exist
	}
	rends, err := client.Rendition.Query().
		Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).All(ctx)
	if err != nil {
		return err
	}
	if _, err := jobs.PickStaticSource(rends, res, v.Packaging); err != nil {
		return fault.FieldError("resolution", "%s", err.Error())
	}
	return nil
}
