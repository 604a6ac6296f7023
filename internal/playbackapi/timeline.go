package playbackapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Timeline is a video's storyboard: a sprite of frames and the WebVTT that
// places them on the timeline.
type Timeline struct {
	// SpriteURL is the sprite image's URL; VttURL the WebVTT's.
	SpriteURL, VttURL string
	// Interval is the seconds between two frames of the sprite.
	Interval float64
	// Columns and Rows are the sprite's grid; TileWidth and TileHeight a
	// frame's size in pixels.
	Columns, Rows, TileWidth, TileHeight int
}

// TimelineOf is a video's timeline, nil until it has a storyboard.
func (s *Service) TimelineOf(v *ent.Video) *Timeline {
	sb := v.Storyboard
	if sb == nil {
		return nil
	}
	return &Timeline{
		SpriteURL:  s.URL(v.ID, "storyboard.jpg"),
		VttURL:     s.URL(v.ID, "storyboard.vtt"),
		Interval:   sb.Interval,
		Columns:    sb.Columns,
		Rows:       sb.Rows,
		TileWidth:  sb.TileWidth,
		TileHeight: sb.TileHeight,
	}
}

// Timeline is the timeline of a video; NOT_FOUND "timeline not found" until it
// has a storyboard.
func (s *Service) Timeline(ctx context.Context, videoID uuid.UUID) (*Timeline, error) {
	v, err := s.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	if tl := s.TimelineOf(v); tl != nil {
		return tl, nil
	}
	return nil, fault.NotFound("timeline")
}
