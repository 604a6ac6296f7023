package jobs

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/staticres"
)

// StaticSource names the renditions a static rendition is made from: a video
// rendition (carrying the sound too, for MPEG-TS) and a sound rendition
// (CMAF). Either may be empty.
type StaticSource struct {
	// Video is the video rendition's name; empty for a CMAF audio-only file.
	Video string
	// Audio is the sound rendition's name; empty when there is none (MPEG-TS).
	Audio string
}

// PickStaticSource chooses, among a video's ready renditions, those a
// resolution is made from; the error, for the client, says why the video
// cannot give it. With CMAF packaging the sound is its own rendition: a video
// without one has no audio-only file. With MPEG-TS each video rendition carries
// the sound: the smallest is read for audio-only (the job finds out whether
// it has any). The request check (staticrendition) and the job both use it.
func PickStaticSource(rends []*ent.Rendition, res staticres.Resolution, packaging video.Packaging) (StaticSource, error) {
	var videos []*ent.Rendition
	var audio string
	for _, r := range rends {
		if r.Name == media.AudioRenditionName {
			audio = r.Name
		} else if r.Height > 0 {
			videos = append(videos, r)
		}
	}
	slices.SortFunc(videos, func(a, b *ent.Rendition) int { return a.Height - b.Height })
	switch {
	case res.Audio() && audio != "":
		return StaticSource{Audio: audio}, nil
	case res.Audio() && packaging == video.PackagingTs && len(videos) > 0:
		return StaticSource{Video: videos[0].Name}, nil
	case res.Audio():
		return StaticSource{}, errors.New("the video has no sound: there is no audio-only file to make")
	case len(videos) == 0:
		return StaticSource{}, errors.New("the video has no picture: ask for audio-only")
	case res.Name == staticres.Highest:
		return StaticSource{Video: videos[len(videos)-1].Name, Audio: audio}, nil
	}
	heights := make([]string, len(videos))
	for i, r := range videos {
		if r.Height == res.Height {
			return StaticSource{Video: r.Name, Audio: audio}, nil
		}
		heights[i] = fmt.Sprintf("%dp", r.Height)
	}
	return StaticSource{}, fmt.Errorf("the video has no %s rendition: its ladder has %s (or ask for highest or audio-only)",
		res.Name, strings.Join(heights, ", "))
}
