package app_test

import (
	"bytes"
	"image"
	"image/gif"
	_ "image/jpeg" // decodes the stills in the assertions
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// imageGet GETs an image API path and returns the status, content type and body.
func imageGet(t *testing.T, s *apptest.Server, path string) (int, string, []byte) {
	t.Helper()
	res, err := s.Client.Get(s.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), body
}

// imagesMade reads vidra_images_made_total from the admin listener's /metrics.
func imagesMade(t *testing.T, s *apptest.Server) int {
	t.Helper()
	rec := httptest.NewRecorder()
	s.App.AdminHandler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	m := regexp.MustCompile(`(?m)^vidra_images_made_total (\d+)`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("no vidra_images_made_total in /metrics")
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestImageAPI: stills at any time in three formats and four fits, animations,
// made once (the second request, and 20 at the same time for a new picture,
// run no ffmpeg of their own), stored and metered under the video, refused
// with 400 for bad parameters, 404 before the video is ready, and behind the
// project's access control like every playback file.
func TestImageAPI(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 4, 640, 360, 30))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Images")
		id := readyVideo(t, s, proj, data)
		base := "/v1/play/" + id + "/"

		st, ct, body := imageGet(t, s, base+"thumbnail.jpg?time=1.5&width=320")
		if st != http.StatusOK || ct != "image/jpeg" {
			t.Fatalf("thumbnail.jpg = %d %s %.200s", st, ct, body)
		}
		if cfg, format, err := image.DecodeConfig(bytes.NewReader(body)); err != nil || format != "jpeg" || cfg.Width != 320 || cfg.Height != 180 {
			t.Errorf("still: %s %dx%d %v, want a 320x180 JPEG", format, cfg.Width, cfg.Height, err)
		}
		if n := imagesMade(t, s); n != 1 {
			t.Errorf("images made after the first still: %d", n)
		}
		// The same picture asked again, its time spelt in more digits: the cache.
		st, _, again := imageGet(t, s, base+"thumbnail.jpg?width=320&time=1.5000")
		if st != http.StatusOK || !bytes.Equal(again, body) || imagesMade(t, s) != 1 {
			t.Errorf("cached still = %d, same bytes %v, images made %d", st, bytes.Equal(again, body), imagesMade(t, s))
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND key LIKE '%/images/derived/thumbnail-1500-w320-h0-preserve.jpg' AND bytes = $2 AND deleted_at IS NULL`, id, len(body)); n != 1 {
			t.Errorf("stored objects of the still: %d, want 1", n)
		}

		// Fits into a square box: pad keeps the whole picture with black bands;
		// crop fills the box; stretch fills it too.
		for _, fit := range []string{"pad", "crop", "stretch"} {
			st, ct, body := imageGet(t, s, base+"thumbnail.png?time=2&width=100&height=100&fit_mode="+fit)
			if st != http.StatusOK || ct != "image/png" {
				t.Fatalf("%s png = %d %s %.200s", fit, st, ct, body)
			}
			img, err := png.Decode(bytes.NewReader(body))
			if err != nil || img.Bounds().Dx() != 100 || img.Bounds().Dy() != 100 {
				t.Fatalf("%s: %v %v, want 100x100", fit, err, img.Bounds())
			}
			r, g, b, _ := img.At(50, 2).RGBA()
			black := r>>8 < 16 && g>>8 < 16 && b>>8 < 16
			if black != (fit == "pad") {
				t.Errorf("%s: the top row is black: %v (only pad letterboxes a 16:9 picture in a square)", fit, black)
			}
		}
		st, ct, body = imageGet(t, s, base+"thumbnail.webp?time=0&height=90")
		if st != http.StatusOK || ct != "image/webp" || len(body) < 12 || string(body[:4]) != "RIFF" || string(body[8:12]) != "WEBP" {
			t.Errorf("webp = %d %s %q", st, ct, body[:min(len(body), 12)])
		}
		// A still at the very end is the last frame.
		if st, _, body := imageGet(t, s, base+"thumbnail.jpg?time=4&width=64"); st != http.StatusOK {
			t.Errorf("still at the end = %d %s", st, body)
		}

		// An animation of one second at 10 frames a second, 160 wide.
		st, ct, body = imageGet(t, s, base+"animated.gif?start=0.5&end=1.5&fps=10&width=160")
		if st != http.StatusOK || ct != "image/gif" {
			t.Fatalf("animated.gif = %d %s %.200s", st, ct, body)
		}
		g, err := gif.DecodeAll(bytes.NewReader(body))
		if err != nil || len(g.Image) < 9 || len(g.Image) > 11 || g.Config.Width != 160 || g.Config.Height != 90 || g.LoopCount != 0 {
			t.Errorf("gif: %v, %d frames %dx%d loop %d: want ~10 frames 160x90 looping", err, len(g.Image), g.Config.Width, g.Config.Height, g.LoopCount)
		}
		if st, ct, body := imageGet(t, s, base+"animated.webp?start=3&end=4&width=120&fps=5"); st != http.StatusOK || ct != "image/webp" ||
			!bytes.Contains(body[:min(len(body), 64)], []byte("ANIM")) {
			t.Errorf("animated.webp = %d %s %q", st, ct, body[:min(len(body), 40)])
		}

		// 20 clients at once for a picture not made yet: one ffmpeg run.
		made := imagesMade(t, s)
		var wg sync.WaitGroup
		answers := make([][]byte, 20)
		statuses := make([]int, 20)
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := s.Client.Get(s.URL + base + "thumbnail.jpg?time=3.25&width=200")
				if err != nil {
					return
				}
				defer func() { _ = res.Body.Close() }()
				statuses[i] = res.StatusCode
				answers[i], _ = io.ReadAll(res.Body)
			}()
		}
		wg.Wait()
		for i := range answers {
			if statuses[i] != http.StatusOK || !bytes.Equal(answers[i], answers[0]) || len(answers[0]) == 0 {
				t.Fatalf("concurrent request %d = %d, %d bytes (first %d)", i, statuses[i], len(answers[i]), len(answers[0]))
			}
		}
		if n := imagesMade(t, s) - made; n != 1 {
			t.Errorf("20 concurrent requests for a new still made %d pictures, want 1", n)
		}

		// Bad parameters are refused and make nothing.
		made = imagesMade(t, s)
		for _, q := range []string{
			"thumbnail.jpg?time=4.5", "thumbnail.jpg?time=-1", "thumbnail.jpg?time=abc", "thumbnail.jpg?width=5000",
			"thumbnail.jpg?width=0", "thumbnail.jpg?width=10&height=10&fit_mode=smartcrop", "thumbnail.jpg?fit_mode=zoom",
			"animated.gif?start=2&end=1", "animated.gif?start=0&end=5", "animated.gif?fps=60", "animated.gif?width=1280",
			"animated.gif?start=4", "thumbnail.bmp", "animated.png",
		} {
			st, _, body := imageGet(t, s, base+q)
			want := http.StatusBadRequest
			if q == "thumbnail.bmp" || q == "animated.png" {
				want = http.StatusNotFound
			}
			if st != want {
				t.Errorf("%s = %d %s, want %d", q, st, body, want)
			}
		}
		if n := imagesMade(t, s) - made; n != 0 {
			t.Errorf("refused requests made %d pictures", n)
		}

		// GraphQL gives the URLs, checked as the image API checks them.
		var urls struct {
			Video struct{ ThumbnailURL, AnimatedURL *string }
		}
		s.MustGraphQL(`query($v: ID!) { video(id: $v) {
			thumbnailURL(time: 1.5, width: 320, fitMode: CROP, format: PNG)
			animatedURL(start: 0.5, end: 1.5, fps: 10, width: 160) } }`, map[string]any{"v": id}, &urls)
		if u := urls.Video.ThumbnailURL; u == nil || *u != s.URL+base+"thumbnail.png?fit_mode=crop&time=1.5&width=320" {
			t.Errorf("thumbnailURL = %v", u)
		}
		if u := urls.Video.AnimatedURL; u == nil || *u != s.URL+base+"animated.gif?end=1.5&fps=10&start=0.5&width=160" {
			t.Errorf("animatedURL = %v", u)
		} else if st, ct, _ := imageGet(t, s, strings.TrimPrefix(*u, s.URL)); st != http.StatusOK || ct != "image/gif" {
			t.Errorf("animatedURL answers %d %s", st, ct)
		}
		res := s.GraphQL(`query($v: ID!) { video(id: $v) { thumbnailURL(width: 5000) } }`, map[string]any{"v": id})
		if len(res.Errors) != 1 || res.Errors[0].Code() != "INVALID_INPUT" || res.Errors[0].Extensions["field"] != "width" {
			t.Errorf("thumbnailURL(width: 5000) errors %+v, want INVALID_INPUT on width", res.Errors)
		}
		res = s.GraphQL(`query($v: ID!) { video(id: $v) { animatedURL(start: 1, end: 20) } }`, map[string]any{"v": id})
		if len(res.Errors) != 1 || res.Errors[0].Extensions["field"] != "end" {
			t.Errorf("animatedURL(start: 1, end: 20) errors %+v, want INVALID_INPUT on end", res.Errors)
		}

		// A video not ready has no pictures yet.
		pending := s.CreateVideo(proj, "", "Pending")
		if st, _, body := imageGet(t, s, "/v1/play/"+pending+"/thumbnail.jpg"); st != http.StatusNotFound {
			t.Errorf("still of a video not ready = %d %s, want 404", st, body)
		}
		res = s.GraphQL(`query($v: ID!) { video(id: $v) { thumbnailURL } }`, map[string]any{"v": pending})
		if len(res.Errors) != 0 || !strings.Contains(string(res.Data), `"thumbnailURL":null`) {
			t.Errorf("thumbnailURL of a video not ready: %s %+v, want null", res.Data, res.Errors)
		}

		// Signed playback: no token 401, a token of the video 200 (private cache).
		accessControl(s, proj, `{playback: signed}`)
		if st, _, _ := imageGet(t, s, base+"thumbnail.jpg?time=1.5&width=320"); st != http.StatusUnauthorized {
			t.Errorf("untokened still of a signed project = %d, want 401", st)
		}
		tok, _ := playbackToken(s, id)
		tokened, err := s.Client.Get(s.URL + base + "thumbnail.jpg?time=1.5&width=320&token=" + tok)
		if err != nil {
			t.Fatal(err)
		}
		_ = tokened.Body.Close()
		if tokened.StatusCode != http.StatusOK || tokened.Header.Get("Cache-Control") != "private, max-age=3600" {
			t.Errorf("tokened still = %d, Cache-Control %q", tokened.StatusCode, tokened.Header.Get("Cache-Control"))
		}

		// The pictures go with the video.
		if st, env := s.REST("DELETE", "/v1/projects/"+proj+"/videos/"+id, ""); st != http.StatusOK {
			t.Fatalf("delete = %d %+v", st, env)
		}
		waitBlobsGone(t, s, proj, id)
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND deleted_at IS NULL`, id); n != 0 {
			t.Errorf("the deleted video still has %d stored objects billed", n)
		}
	})
}

// TestImageAPIOfAnEncryptedVideo: the pictures of an AES-128 video are made
// from its segments decrypted on the server (the same frame as a clear video's
// at that time), and need a token like its segments.
func TestImageAPIOfAnEncryptedVideo(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 3, 640, 360, 30))
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		id, _ := encryptedVideo(t, s, data, 2*time.Minute)
		base := "/v1/play/" + id + "/"
		if st, _, _ := imageGet(t, s, base+"animated.gif?start=4&end=5"); st != http.StatusUnauthorized {
			t.Errorf("untokened animation = %d, want 401", st)
		}
		tok, _ := playbackToken(s, id)
		st, ct, body := imageGet(t, s, base+"thumbnail.png?time=2.5&width=160&token="+tok)
		if st != http.StatusOK || ct != "image/png" {
			t.Fatalf("still of an encrypted video = %d %s %.200s", st, ct, body)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil || img.Bounds().Dx() != 160 || img.Bounds().Dy() != 90 {
			t.Fatalf("still: %v %v, want 160x90", err, img.Bounds())
		}
		// testsrc2 is not one colour: a picture decoded from garbage would be grey or fail.
		colours := map[[3]uint32]bool{}
		for x := 0; x < 160; x += 8 {
			r, g, b, _ := img.At(x, 45).RGBA()
			colours[[3]uint32{r >> 12, g >> 12, b >> 12}] = true
		}
		if len(colours) < 4 {
			t.Errorf("the still has %d colours along its middle row: not a decoded frame", len(colours))
		}
		if st, _, body := imageGet(t, s, base+"animated.gif?start=0&end=2&width=100&fps=5&token="+tok); st != http.StatusOK {
			t.Errorf("animation of an encrypted video = %d %s", st, body)
		}
	})
}

// TestImageAPIKeepsAtMostItsCapPerVideo: past VIDRA_IMAGES_PER_VIDEO pictures
// of one video, a new picture is still made and served, but neither kept in
// the bucket nor billed; asked again, it is made again.
func TestImageAPIKeepsAtMostItsCapPerVideo(t *testing.T) {
	data, _ := os.ReadFile(clip.Make(t, 3, 320, 180, 25))
	forEachDialect(t, map[string]string{"VIDRA_IMAGES_PER_VIDEO": "2"}, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Images")
		id := readyVideo(t, s, proj, data)
		base := "/v1/play/" + id + "/thumbnail.jpg?width=64&time="
		for i, at := range []string{"0.5", "1", "1.5", "1.5"} {
			if st, ct, body := imageGet(t, s, base+at); st != http.StatusOK || ct != "image/jpeg" || len(body) == 0 {
				t.Fatalf("still %d = %d %s", i, st, ct)
			}
		}
		kept := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = $1 AND key LIKE '%/images/derived/%' AND deleted_at IS NULL`, id)
		files := blobFiles(t, s, "videos/"+id+"/images/derived")
		if kept != 2 || len(files) != 2 || imagesMade(t, s) != 4 {
			t.Fatalf("kept %d billed, %d in the bucket, %d made; want 2, 2 and 4 (the third picture made twice)", kept, len(files), imagesMade(t, s))
		}
	})
}
