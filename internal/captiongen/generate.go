package captiongen

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/speech"
	"github.com/vidra-dev/vidra/internal/txn"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// Generate asks for automatic captions of a ready video in a language: a
// new generation is queued, its job inserted once the mutation commits. A
// generation of the language still queued or running is returned instead of
// a second. Refused, changing nothing: a bad language tag or one the engine
// does not know (INVALID_INPUT); captions off, the engine not installed, or
// the video not ready (CONFLICT).
func (s *Service) Generate(ctx context.Context, videoID uuid.UUID, language string) (out *ent.CaptionGeneration, err error) {
	tag, err := videolib.CaptionLanguage(language)
	if err != nil {
		return nil, err
	}
	if err := s.usable(tag); err != nil {
		return nil, err
	}
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		if v.Status != video.StatusReady {
			return fault.Errorf(fault.KindConflict, "the video is %s: captions are generated once it is ready", v.Status)
		}
		out, err = client.CaptionGeneration.Query().
			Where(captiongeneration.VideoID(v.ID), captiongeneration.Language(tag),
				captiongeneration.StatusIn(captionlifecycle.Live()...)).
			First(ctx)
		if err == nil || !ent.IsNotFound(err) {
			return err
		}
		out, err = client.CaptionGeneration.Create().SetVideoID(v.ID).SetLanguage(tag).
			SetEngine(s.d.Engine.Name()).SetModel(s.d.Engine.Model()).Save(ctx)
		if err != nil {
			return err
		}
		s.queue(ctx, out.ID)
		return nil
	})
	return out, err
}

// usable refuses a request the deployment's engine cannot serve.
func (s *Service) usable(tag string) error {
	if s.d.Engine == nil {
		return fault.Errorf(fault.KindConflict, "automatic captions are off on this server (VIDRA_CAPTIONS_ENGINE=off)")
	}
	err := speech.Check(s.d.Engine, tag)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, speech.ErrLanguage):
		return fault.FieldError("language", "%s", err.Error())
	default:
		return fault.Errorf(fault.KindConflict, "%s", err.Error())
	}
}
