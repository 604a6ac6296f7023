package browsertest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// TestBrowserEncryptedLowLatencyLive: hls.js in low latency mode plays an
// AES-128 encrypted live session of the low latency mode: it loads the LL-HLS
// parts (each encrypted on its own under its segment's IV) and the key with
// the token, decrypts them and plays without a fatal error. One database: the
// player is what is tested.
func TestBrowserEncryptedLowLatencyLive(t *testing.T) {
	browsertest.Chromium(t)
	browsertest.Modules(t)
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	s := apptest.New(t, testdb.Dialects(t)[0])
	project := s.CreateProject(s.CreateOrganization("Live org"), "Live")
	s.MustGraphQL(`mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key } }`,
		map[string]any{"p": project, "in": []any{map[string]any{"key": "transcoding", "value": `{"player_encryption": true}`}}}, nil)
	vid := uuid.MustParse(s.CreateVideo(project, "", "Live session"))
	ctx := apptest.System()
	if err := s.App.DB.Client.Video.UpdateOneID(vid).SetStatus(video.StatusLive).Exec(videolifecycle.ForTest(ctx)); err != nil {
		t.Fatal(err)
	}
	key := livekey.New()
	stream := s.App.DB.Client.LiveStream.Create().SetProjectID(uuid.MustParse(project)).SetName("Live").
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).SaveX(ctx)
	o := s.App.LiveHLSOptions()
	o.ProjectID, o.VideoID, o.StreamID, o.SessionID = uuid.MustParse(project), vid, stream.ID, uuid.New()
	o.LatencyMode, o.Queue = livehls.LatencyLow, nil
	sess, err := livehls.Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	out := clip.Realtime(t, clip.TS(t, 40, 320, 180, 30, 30))
	runDone := make(chan error, 1)
	go func() { runDone <- sess.Run(context.Background(), out) }()
	t.Cleanup(func() {
		_ = out.Close()
		if err := <-runDone; err != nil {
			t.Logf("session run: %v", err)
		}
		_ = sess.Close(context.Background(), "publisher_closed")
	})
	select {
	case <-sess.FirstSegment():
	case <-time.After(60 * time.Second):
		t.Fatal("no first segment within 60 s")
	}
	var tok struct{ CreatePlaybackToken struct{ Token string } }
	s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { token } }`, map[string]any{"v": vid.String()}, &tok)

	site := browsertest.NewSite(t, browsertest.SiteOptions{Backend: s.URL})
	var res struct {
		Advanced       float64
		Parts          int
		EncryptedParts int
		Frags          int
		Latency        float64
		HlsErrors      []struct {
			Type, Details string
			Fatal         bool
		}
		Fatal string
	}
	rr := browsertest.Run(t, browsertest.RunOptions{
		URL: site.PageURL(t, "live.html", map[string]any{"hls": map[string]any{"debug": os.Getenv("DBG_HLS") != ""},
			"src":     "/v1/play/" + vid.String() + "/master.m3u8?token=" + tok.CreatePlaybackToken.Token,
			"seconds": 6, "timeout": 45,
		}),
		UserAgent: desktopUA,
		Timeout:   90 * time.Second,
	}, &res)
	if os.Getenv("DBG_HLS") != "" {
		for _, l := range rr.Console {
			t.Log(l)
		}
	}
	var keys int
	for _, r := range site.Requests("/v1/play/" + vid.String() + "/live/") {
		if r.Status != 200 {
			t.Errorf("%s answered %d", r.Path, r.Status)
		}
		if strings.HasSuffix(r.Path, "/key") {
			keys++
		}
	}
	t.Logf("hls.js: playhead advanced %.2f s, %d parts (%d encrypted) and %d segments loaded, key loaded %d times, latency %.2f s, errors %+v",
		res.Advanced, res.Parts, res.EncryptedParts, res.Frags, keys, res.Latency, res.HlsErrors)
	// A part decrypted wrongly fails its append (bufferAppendError), fatal
	// at the first part.
	if res.Fatal != "" || res.Advanced < 6 || res.EncryptedParts == 0 || keys == 0 {
		t.Fatalf("hls.js did not play the encrypted parts (fatal %q)", res.Fatal)
	}
}
