package jobs_test

import (
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/staticres"
)

func TestPickStaticSource(t *testing.T) {
	r := func(name string, height int) *ent.Rendition { return &ent.Rendition{Name: name, Height: height} }
	cmaf := []*ent.Rendition{r("720p", 720), r(media.AudioRenditionName, 0), r("360p", 360)}
	ts := []*ent.Rendition{r("720p", 720), r("360p", 360)}
	silent := []*ent.Rendition{r("720p", 720), r("360p", 360)}
	sound := []*ent.Rendition{r(media.AudioRenditionName, 0)}
	for _, c := range []struct {
		name      string
		rends     []*ent.Rendition
		res       string
		packaging video.Packaging
		want      jobs.StaticSource
		err       string
	}{
		{"cmaf highest", cmaf, "highest", video.PackagingCmaf, jobs.StaticSource{Video: "720p", Audio: media.AudioRenditionName}, ""},
		{"cmaf height", cmaf, "360p", video.PackagingCmaf, jobs.StaticSource{Video: "360p", Audio: media.AudioRenditionName}, ""},
		{"cmaf audio", cmaf, "audio-only", video.PackagingCmaf, jobs.StaticSource{Audio: media.AudioRenditionName}, ""},
		{"cmaf silent audio", silent, "audio-only", video.PackagingCmaf, jobs.StaticSource{}, "has no sound"},
		{"cmaf missing height", cmaf, "1080p", video.PackagingCmaf, jobs.StaticSource{}, "no 1080p rendition: its ladder has 360p, 720p"},
		{"sound only", sound, "highest", video.PackagingCmaf, jobs.StaticSource{}, "has no picture"},
		{"ts highest", ts, "highest", video.PackagingTs, jobs.StaticSource{Video: "720p"}, ""},
		{"ts audio: the smallest", ts, "audio-only", video.PackagingTs, jobs.StaticSource{Video: "360p"}, ""},
		{"ts nothing", nil, "audio-only", video.PackagingTs, jobs.StaticSource{}, "has no sound"},
	} {
		res, err := staticres.Parse(c.res)
		if err != nil {
			t.Fatal(err)
		}
		got, err := jobs.PickStaticSource(c.rends, res, c.packaging)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %+v, %v; want %+v, %q", c.name, got, err, c.want, c.err)
		}
	}
}
