package staticrendition

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Get loads a static rendition of a video; NOT_FOUND when the video has none such.
func (s *Service) Get(ctx context.Context, videoID, id uuid.UUID) (*ent.StaticRendition, error) {
	return videoStaticRendition(ctx, s.db(ctx), videoID, id)
}

// videoStaticRendition loads a static rendition of a video; NOT_FOUND when the video has none such.
func videoStaticRendition(ctx context.Context, client *ent.Client, videoID, id uuid.UUID) (*ent.StaticRendition, error) {
	sr, err := client.StaticRendition.Query().
		Where(staticrendition.ID(id), staticrendition.VideoID(videoID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("static rendition")
	}
	return sr, err
}

// List lists a video's static renditions by resolution.
func (s *Service) List(ctx context.Context, videoID uuid.UUID) ([]*ent.StaticRendition, error) {
	client := s.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.StaticRendition.Query().Where(staticrendition.VideoID(videoID)).
		Order(staticrendition.ByResolution()).All(ctx)
}
