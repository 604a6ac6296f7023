package playbackapi

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/playback"
	videolib "github.com/vidra-dev/vidra/internal/video"
)

// PlaybackURL is a video's master playlist URL once it plays: ready, or
// processing with a rendition ready; nil before.
func (s *Service) PlaybackURL(ctx context.Context, v *ent.Video) (*string, error) {
	switch v.Status {
	case video.StatusReady:
	case video.StatusProcessing:
		ok, err := s.db(ctx).Rendition.Query().Where(rendition.VideoID(v.ID), rendition.StatusEQ(rendition.StatusReady)).Exist(ctx)
		if err != nil || !ok {
			return nil, err
		}
	default:
		return nil, nil
	}
	u := s.URL(v.ID, "master.m3u8")
	return &u, nil
}

// DashURL is a ready CMAF video's DASH manifest URL; nil for any other.
func (s *Service) DashURL(v *ent.Video) *string {
	if v.Status != video.StatusReady || v.Packaging != video.PackagingCmaf {
		return nil
	}
	u := s.URL(v.ID, media.DASHManifestName)
	return &u
}

// DownloadURL is where a static rendition's file is downloaded, once it has
// one; nil before.
func (s *Service) DownloadURL(sr *ent.StaticRendition) *string {
	if sr.BlobKey == "" {
		return nil
	}
	u := s.URL(sr.VideoID, playback.DownloadsFolder+sr.FileName)
	return &u
}

// ThumbnailURL is where a thumbnail is served.
func (s *Service) ThumbnailURL(t *ent.Thumbnail) string {
	return s.URL(t.VideoID, "thumbnails/"+t.ID.String()+"."+videolib.ThumbnailExtension(t.ContentType))
}
