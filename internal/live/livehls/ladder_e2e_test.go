package livehls_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/poll"
)

// TestTranscodedLivePlayback: a transcoded session of a real server, with the
// project's default encoding profile as its ladder, lists the source and
// every rung in its master at /v1/play, and each listed rendition plays
// (ffprobe over HTTP) with video and audio.
func TestTranscodedLivePlayback(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		s.App.DB.Client.EncodingProfile.Create().SetProjectID(o.ProjectID).SetName("live").SetIsDefault(true).
			SetRenditions([]ladder.Rendition{
				{Height: 144, VideoBitrateKbps: 200, Codec: ladder.CodecH264, AudioBitrateKbps: 48},
				{Height: 240, VideoBitrateKbps: 400, Codec: ladder.CodecH264, AudioBitrateKbps: 64},
			}).SaveX(apptest.System())
		o.Transcode = true
		o.Ladder.Preset = "ultrafast"
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		play := s.URL + "/v1/play/" + o.VideoID.String() + "/"
		done := make(chan error, 1)
		go func() { done <- sess.Run(context.Background(), tsPublisher(t, 8, true)) }()
		var master string
		if !poll.Every(200*time.Millisecond, 60*time.Second, func() bool {
			_, _, master = get(t, s, play+"master.m3u8")
			return strings.Contains(master, "live/144p/index.m3u8") && strings.Contains(master, "live/240p/index.m3u8")
		}) {
			t.Fatalf("the renditions were never listed:\n%s", master)
		}
		var listed []string
		for _, l := range strings.Split(master, "\n") {
			if strings.HasPrefix(l, "live/") {
				listed = append(listed, l)
			}
		}
		if len(listed) != 3 || listed[0] != "live/index.m3u8" {
			t.Fatalf("master lists %v", listed)
		}
		code, cache, pl := get(t, s, play+"live/240p/index.m3u8")
		if code != http.StatusOK || cache != "no-cache" || !strings.Contains(pl, "#EXT-X-PROGRAM-DATE-TIME:") {
			t.Fatalf("rendition playlist: %d %q\n%s", code, cache, pl)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
		// Every rendition the live master listed plays to its end.
		for _, l := range listed {
			if d, codecs := probeDuration(t, play+l); d < 6 || codecs != "aac,h264" {
				t.Fatalf("%s: %.2f s %s", l, d, codecs)
			}
		}
	})
}
