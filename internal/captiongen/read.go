package captiongen

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Get loads a generation of a video; NOT_FOUND when the video has none such.
func (s *Service) Get(ctx context.Context, videoID, id uuid.UUID) (*ent.CaptionGeneration, error) {
	return videoGeneration(ctx, s.db(ctx), videoID, id)
}

// List lists a video's generations, newest first.
func (s *Service) List(ctx context.Context, videoID uuid.UUID) ([]*ent.CaptionGeneration, error) {
	client := s.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.CaptionGeneration.Query().Where(captiongeneration.VideoID(videoID)).
		Order(ent.Desc(captiongeneration.FieldCreatedAt), ent.Desc(captiongeneration.FieldID)).All(ctx)
}

// videoGeneration loads a generation of a video; NOT_FOUND when the video
// has none such.
func videoGeneration(ctx context.Context, client *ent.Client, videoID, id uuid.UUID) (*ent.CaptionGeneration, error) {
	g, err := client.CaptionGeneration.Query().
		Where(captiongeneration.ID(id), captiongeneration.VideoID(videoID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("caption generation")
	}
	return g, err
}
