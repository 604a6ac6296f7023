package playbackapi

import (
	"errors"
	"net/url"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/playback"
)

// ImageURL is the image API's URL of a picture of a ready video: file is
// thumbnail.<ext> or animated.<ext>, query its parameters (docs/api/videos.md,
// "Image API"). It is nil before the video is ready, and an input error naming
// the argument (argNames maps the query's names to the caller's) when the image
// API would refuse the request.
func (s *Service) ImageURL(v *ent.Video, file string, query url.Values, argNames map[string]string) (*string, error) {
	if v.Status != video.StatusReady {
		return nil, nil
	}
	if err := playback.CheckImageQuery(file, query, v.Duration); err != nil {
		var bad *playback.BadImageRequest
		if errors.As(err, &bad) {
			name := argNames[bad.Param]
			if name == "" {
				name = bad.Param
			}
			return nil, fault.FieldError(name, "%s", bad.Reason)
		}
		return nil, err
	}
	u := s.URL(v.ID, file)
	if q := query.Encode(); q != "" {
		u += "?" + q
	}
	return &u, nil
}
