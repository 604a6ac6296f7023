package playback_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// TestLiveMasterCached: a live video's master is read from the bucket once
// and then served from the cache while the video row stays as it was (a
// changed blob is not read again); touching the video (what the live output
// does after writing a new master) or changing its status serves the new one;
// an ended session's recording is served until the video is ready, even once
// the ladder has published its first rendition.
func TestLiveMasterCached(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		ctx := apptest.System()
		project := s.CreateProject(s.CreateOrganization("Live org"), "Live")
		id := uuid.MustParse(s.CreateVideo(project, "", "Live session"))
		s.App.DB.Client.Video.UpdateOneID(id).SetStatus(video.StatusLive).ExecX(videolifecycle.ForTest(ctx))
		key := "videos/" + id.String() + "/live/master.m3u8"
		write := func(variant string) {
			t.Helper()
			body := "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nlive/" + variant + "\n"
			if err := s.App.Bucket.WriteAll(context.Background(), key, []byte(body), nil); err != nil {
				t.Fatal(err)
			}
		}
		masterCached := func(cache string) string {
			t.Helper()
			res, err := http.Get(s.URL + "/v1/play/" + id.String() + "/master.m3u8")
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = res.Body.Close() }()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != cache {
				t.Fatalf("master: %d %q %s", res.StatusCode, res.Header.Get("Cache-Control"), b)
			}
			return string(b)
		}
		// A live master is never cached by the client.
		master := func() string { t.Helper(); return masterCached("no-cache") }
		write("index.m3u8")
		if m := master(); !contains(m, "live/index.m3u8") {
			t.Fatalf("first master:\n%s", m)
		}
		write("recording.m3u8")
		if m := master(); !contains(m, "live/index.m3u8") {
			t.Fatalf("the cached master was read again:\n%s", m)
		}
		s.App.DB.Client.Video.UpdateOneID(id).SetUpdatedAt(time.Now().Add(time.Second)).ExecX(ctx)
		if m := master(); !contains(m, "live/recording.m3u8") {
			t.Fatalf("master after the video changed:\n%s", m)
		}
		// A status change (the finalize job) reads it again too.
		write("index.m3u8")
		s.App.DB.Client.Video.UpdateOneID(id).SetStatus(video.StatusUploading).ExecX(videolifecycle.ForTest(ctx))
		if m := master(); !contains(m, "live/index.m3u8") {
			t.Fatalf("master after the status changed:\n%s", m)
		}

		// The ladder's early-published master (one rendition, still growing)
		// does not replace the ended session's whole recording before the video
		// is ready; then the ladder's master is served.
		write("recording.m3u8")
		ladder := "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n360p/index.m3u8\n"
		if err := s.App.Bucket.WriteAll(context.Background(), "videos/"+id.String()+"/hls/master.m3u8", []byte(ladder), nil); err != nil {
			t.Fatal(err)
		}
		s.App.DB.Client.Video.UpdateOneID(id).SetStatus(video.StatusProcessing).ExecX(videolifecycle.ForTest(ctx))
		if m := master(); !contains(m, "live/recording.m3u8") {
			t.Fatalf("master while the ladder is encoded:\n%s", m)
		}
		s.App.DB.Client.Video.UpdateOneID(id).SetStatus(video.StatusReady).ExecX(videolifecycle.ForTest(ctx))
		if m := masterCached("public, max-age=300"); !contains(m, "360p/index.m3u8") || contains(m, "live/") {
			t.Fatalf("master once ready:\n%s", m)
		}
	})
}

// contains is strings.Contains, named for the reading of the assertions.
func contains(s, sub string) bool { return strings.Contains(s, sub) }
