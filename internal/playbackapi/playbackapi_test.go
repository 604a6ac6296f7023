package playbackapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/rendition"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/playbackapi"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

const publicURL = "https://vidra.example.org"

// fixture is Acme's owner and project, another organization's project, and
// the service over the project's real playback policies.
type fixture struct {
	svc                *playbackapi.Service
	signer             *playback.Signer
	client             *ent.Client
	system, owner      context.Context
	project, elsewhere uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	signer, err := playback.NewSigner([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{
		svc: playbackapi.New(playbackapi.Deps{Client: w.Client, Signer: signer,
			Policies: playback.ProjectPolicies{Client: w.Client}, PublicURL: publicURL}),
		signer: signer, client: w.Client, system: w.System, owner: w.Owner, project: w.Project, elsewhere: w.Elsewhere,
	}
}

// newVideo is a video of project in status (written as its lifecycle would).
func (f *fixture) newVideo(project uuid.UUID, status video.Status) *ent.Video {
	return f.client.Video.Create().SetProjectID(project).SetTitle("v").SetStatus(status).
		SaveX(videolifecycle.ForTest(f.system))
}

func TestPlaybackURL(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			processing := f.newVideo(f.project, video.StatusProcessing)
			master := func(v *ent.Video) string { return publicURL + "/v1/play/" + v.ID.String() + "/master.m3u8" }
			cases := []struct {
				name string
				v    *ent.Video
				want string
			}{
				{"created", f.newVideo(f.project, video.StatusCreated), ""},
				{"uploading", f.newVideo(f.project, video.StatusUploading), ""},
				{"failed", f.newVideo(f.project, video.StatusFailed), ""},
				{"processing, no rendition ready", processing, ""},
				{"ready", f.newVideo(f.project, video.StatusReady), "master"},
			}
			f.client.Rendition.Create().SetVideoID(processing.ID).SetName("360p").SetWidth(640).SetHeight(360).SetBandwidth(1).ExecX(f.system)
			for _, c := range cases {
				got, err := f.svc.PlaybackURL(f.owner, c.v)
				if err != nil || (c.want == "") != (got == nil) || (got != nil && *got != master(c.v)) {
					t.Errorf("%s: %v, %v", c.name, got, err)
				}
			}
			// Processing plays once one rendition is ready.
			f.client.Rendition.Create().SetVideoID(processing.ID).SetName("720p").SetWidth(1280).SetHeight(720).SetBandwidth(1).
				SetStatus(rendition.StatusReady).ExecX(f.system)
			if got, err := f.svc.PlaybackURL(f.owner, processing); err != nil || got == nil || *got != master(processing) {
				t.Fatalf("processing with a ready rendition: %v, %v", got, err)
			}
		})
	}
}

func TestThumbnailURL(t *testing.T) {
	svc := playbackapi.New(playbackapi.Deps{PublicURL: publicURL})
	v, id := uuid.New(), uuid.New()
	for ctype, ext := range map[string]string{"image/png": "png", "image/webp": "webp", "image/jpeg": "jpg", "": "jpg"} {
		want := publicURL + "/v1/play/" + v.String() + "/thumbnails/" + id.String() + "." + ext
		if got := svc.ThumbnailURL(&ent.Thumbnail{ID: id, VideoID: v, ContentType: ctype}); got != want {
			t.Errorf("%q: %s, want %s", ctype, got, want)
		}
	}
}

func TestTimeline(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			v := f.newVideo(f.project, video.StatusReady)
			_, err := f.svc.Timeline(f.owner, v.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "timeline not found")
			if f.svc.TimelineOf(v) != nil {
				t.Fatal("a timeline without a storyboard")
			}
			theirs := f.newVideo(f.elsewhere, video.StatusReady)
			if _, err := f.svc.Timeline(f.owner, theirs.ID); fault.KindOf(err) != fault.KindNotFound {
				t.Fatalf("another organization's video: %v", err)
			}

			f.client.Video.UpdateOne(v).SetStoryboard(&media.Storyboard{Interval: 2.5, Columns: 10, Rows: 4, TileWidth: 160, TileHeight: 90}).ExecX(f.system)
			tl, err := f.svc.Timeline(f.owner, v.ID)
			base := publicURL + "/v1/play/" + v.ID.String()
			if err != nil || *tl != (playbackapi.Timeline{SpriteURL: base + "/storyboard.jpg", VttURL: base + "/storyboard.vtt",
				Interval: 2.5, Columns: 10, Rows: 4, TileWidth: 160, TileHeight: 90}) {
				t.Fatalf("timeline %+v, %v", tl, err)
			}
		})
	}
}

func TestPlaybackToken(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			v := f.newVideo(f.project, video.StatusReady)

			// Without access control rules: an hour by default, a minute to a day.
			before := time.Now().UTC().Truncate(time.Second)
			tok, err := f.svc.CreateToken(f.owner, v.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tok.ExpiresAt.Before(before.Add(time.Hour)) || tok.ExpiresAt.After(time.Now().Add(time.Hour)) ||
				tok.PlaybackURL != publicURL+"/v1/play/"+v.ID.String()+"/master.m3u8?token="+tok.Token {
				t.Fatalf("token %+v", tok)
			}
			if err := f.signer.Verify(tok.Token, v.ID, time.Now()); err != nil {
				t.Fatalf("the token does not verify: %v", err)
			}
			for _, s := range []int{59, 86401} {
				_, err := f.svc.CreateToken(f.owner, v.ID, &s)
				domaintest.WantFault(t, err, fault.KindInvalidInput, "expiresIn", "must be between 60 and 86400 seconds (the project's access control)")
			}

			// The project's bounds and default.
			f.client.AccessControl.Create().SetProjectID(f.project).SetTokenTTLDefault(600).SetTokenTTLMin(300).SetTokenTTLMax(900).ExecX(f.system)
			tok, err = f.svc.CreateToken(f.owner, v.ID, nil)
			if err != nil || tok.ExpiresAt.After(time.Now().Add(600*time.Second)) || tok.ExpiresAt.Before(before.Add(600*time.Second)) {
				t.Fatalf("the project's default: %+v, %v", tok, err)
			}
			s := 901
			_, err = f.svc.CreateToken(f.owner, v.ID, &s)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "expiresIn", "must be between 300 and 900 seconds (the project's access control)")
			s = 900
			if tok, err = f.svc.CreateToken(f.owner, v.ID, &s); err != nil || tok.ExpiresAt.Before(before.Add(900*time.Second)) {
				t.Fatalf("the longest: %+v, %v", tok, err)
			}

			// Another organization's video is not found, whatever the lifetime.
			theirs := f.newVideo(f.elsewhere, video.StatusReady)
			s = 1
			if _, err := f.svc.CreateToken(f.owner, theirs.ID, &s); fault.KindOf(err) != fault.KindNotFound {
				t.Fatalf("another organization's video: %v", err)
			}
		})
	}
}

func TestURL(t *testing.T) {
	svc := playbackapi.New(playbackapi.Deps{PublicURL: publicURL})
	id := uuid.MustParse("0190a7a0-0000-7000-8000-000000000001")
	if got := svc.URL(id, "master.m3u8"); got != publicURL+"/v1/play/0190a7a0-0000-7000-8000-000000000001/master.m3u8" {
		t.Fatal(got)
	}
}
