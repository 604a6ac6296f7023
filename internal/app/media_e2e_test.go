package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// forEachDialect runs a media test on SQLite and, when it answers, PostgreSQL.
func forEachDialect(t *testing.T, env map[string]string, test func(t *testing.T, s *apptest.Server)) {
	t.Helper()
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			test(t, apptest.New(t, d, apptest.Options{Env: env}))
		})
	}
}

// failingReader yields n bytes of data, then fails, as a dropped connection does.
type failingReader struct {
	data []byte
	n    int
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, errors.New("connection dropped")
	}
	k := copy(p, r.data[:min(len(r.data), r.n)])
	r.data, r.n = r.data[k:], r.n-k
	return k, nil
}

// ffprobeURL reads a stream over HTTP with ffprobe and returns its video size.
func ffprobeURL(t *testing.T, url string) (int, int, error) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0",
		"-show_entries", "stream=width,height", "-of", "json", url).CombinedOutput()
	if err != nil {
		return 0, 0, errors.New(string(out))
	}
	var res struct{ Streams []struct{ Width, Height int } }
	if err := json.Unmarshal(out, &res); err != nil || len(res.Streams) == 0 {
		return 0, 0, errors.New("no video stream: " + string(out))
	}
	return res.Streams[0].Width, res.Streams[0].Height, nil
}

func TestTusUploadResumesThenProcessesAndPlays(t *testing.T) {
	src := clip.Make(t, 3, 640, 360, 30)
	data, _ := os.ReadFile(src)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Media")
		token, videoID := s.UploadToken(proj, 0)
		status, loc, body := s.TusCreate(token, int64(len(data)))
		if status != http.StatusCreated || loc == "" {
			t.Fatalf("tus POST = %d %s", status, body)
		}
		if v := s.GetVideo(videoID); v.Status != "uploading" {
			t.Fatalf("after creation the video is %s", v.Status)
		}
		// A PATCH that drops after half the file.
		half := len(data) / 2
		if _, _, err := s.TusPatch(loc, 0, &failingReader{data: data, n: half}); err == nil {
			t.Fatal("interrupted PATCH succeeded")
		}
		// Like a tus client, ask for the offset until the server has settled the
		// dropped request (it keeps what arrived).
		var offset int64
		poll.Within(5*time.Second, func() bool { offset = s.TusOffset(loc); return offset != 0 })
		if offset <= 0 || offset > int64(half) {
			t.Fatalf("offset after the dropped PATCH = %d, want 1..%d", offset, half)
		}
		if _, n, err := s.TusPatch(loc, offset, bytes.NewReader(data[offset:])); err != nil || n != int64(len(data)) {
			t.Fatalf("resumed PATCH: offset %d, %v", n, err)
		}
		v := s.WaitVideo(videoID, 2*time.Minute)
		if v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		if v.Size != int64(len(data)) || v.Duration < 2.9 || v.Width != 640 || v.Height != 360 || v.Progress != 1 {
			t.Errorf("video = %+v", v)
		}
		if got := renditionsOf(v); got != "360p:ready audio:ready" || v.Packaging != "cmaf" {
			t.Errorf("renditions = %s, packaging %s: want 360p (a 360p source is never upscaled) and the sound, CMAF", got, v.Packaging)
		}
		// Metering facts of the upload and the transcode, each in its change's
		// transaction: the source and the HLS output stored, the rendition's
		// encoded seconds recorded once.
		var sources, outputs, outputBytes, encodes, encodedMs int64
		if err := s.App.DB.SQL.QueryRow(`SELECT COALESCE(SUM(CASE WHEN key LIKE '%/source' AND bytes = $1 THEN 1 END), 0),
			COALESCE(SUM(CASE WHEN key LIKE '%/hls/' AND video_seconds > 2.9 THEN 1 END), 0),
			COALESCE(SUM(CASE WHEN key LIKE '%/hls/' THEN bytes END), 0) FROM stored_objects WHERE deleted_at IS NULL`, len(data)).Scan(&sources, &outputs, &outputBytes); err != nil {
			t.Fatal(err)
		}
		if err := s.App.DB.SQL.QueryRow(`SELECT COUNT(*), COALESCE(SUM(quantity), 0) FROM usage_records WHERE metric = 'encoded_output_seconds'`).Scan(&encodes, &encodedMs); err != nil {
			t.Fatal(err)
		}
		if sources != 1 || outputs != 1 || outputBytes < 10_000 || encodes != 1 || encodedMs < 2900 {
			t.Errorf("stored sources %d, outputs %d (%d bytes); encode facts %d (%d ms)", sources, outputs, outputBytes, encodes, encodedMs)
		}
		if len(v.Thumbnails) != 3 || v.Timeline == nil || v.PlaybackURL == nil {
			t.Fatalf("thumbnails %+v timeline %+v playback %v", v.Thumbnails, v.Timeline, v.PlaybackURL)
		}
		w, h, err := ffprobeURL(t, *v.PlaybackURL)
		if err != nil || w != 640 || h != 360 {
			t.Fatalf("ffprobe %s: %dx%d %v", *v.PlaybackURL, w, h, err)
		}
		// Content types, caching and ranges.
		res, err := http.Get(strings.TrimPrefix(*v.PlaybackURL, ""))
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if ct := res.Header.Get("Content-Type"); ct != "application/vnd.apple.mpegurl" {
			t.Errorf("master content type %q", ct)
		}
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/v1/play/"+videoID+"/360p/seg_00000.m4s", nil)
		req.Header.Set("Range", "bytes=0-187")
		res, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		seg, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if box := string(seg[4:8]); res.StatusCode != http.StatusPartialContent || len(seg) != 188 || (box != "styp" && box != "moof") ||
			res.Header.Get("Content-Type") != "video/mp4" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
			t.Errorf("segment range: %d, %d bytes, %q %q", res.StatusCode, len(seg), res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
		}
		for _, u := range []string{v.Timeline.SpriteURL, v.Timeline.VttURL, v.Thumbnails[0].URL, s.URL + "/v1/play/" + videoID + "/poster.jpg"} {
			if st, _ := s.Get(strings.TrimPrefix(u, s.URL)); st != http.StatusOK {
				t.Errorf("GET %s = %d", u, st)
			}
		}
		// Delivery figures are batched by the analytics writer and metered in
		// memory for billing: flushed, the hourly usage and the per-video hourly
		// delivery agree. A response of a client that went away (ffprobe stops
		// reading) may be counted while the two flush, after the first and
		// before the second: flushed again, they agree once it is in both.
		var usage, usageMs, delivered, segmentMs int64
		poll.Every(100*time.Millisecond, 10*time.Second, func() bool {
			s.FlushAnalytics()
			if err := s.App.FlushUsage(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := s.App.DB.SQL.QueryRow(`SELECT COALESCE(SUM(CASE WHEN metric = 'delivered_bytes' THEN quantity END), 0),
				COALESCE(SUM(CASE WHEN metric = 'delivered_seconds' THEN quantity END), 0) FROM usage_hourlies`).Scan(&usage, &usageMs); err != nil {
				t.Fatal(err)
			}
			if err := s.App.DB.SQL.QueryRow(`SELECT COALESCE(SUM(bytes), 0), COALESCE(SUM(segment_seconds_ms), 0)
				FROM analytics_delivery`).Scan(&delivered, &segmentMs); err != nil {
				t.Fatal(err)
			}
			return delivered == usage && segmentMs == usageMs
		})
		if usage < 188 || delivered != usage || segmentMs != usageMs || segmentMs <= 0 {
			t.Errorf("delivery %d bytes %d segment ms; usage %d bytes %d ms", delivered, segmentMs, usage, usageMs)
		}
	})
}

// renditionsOf lists a video's renditions as "name:status", sorted by name
// with the sound last.
func renditionsOf(v apptest.Video) string {
	var out []string
	for _, r := range v.Renditions {
		out = append(out, r.Name+":"+r.Status)
	}
	slices.SortFunc(out, func(a, b string) int {
		if strings.HasPrefix(a, "audio:") != strings.HasPrefix(b, "audio:") {
			if strings.HasPrefix(a, "audio:") {
				return 1
			}
			return -1
		}
		return strings.Compare(a, b)
	})
	return strings.Join(out, " ")
}

// setting stores a project setting through GraphQL.
func setting(s *apptest.Server, proj, key, value string) {
	s.MustGraphQL(`mutation($p: ID!, $in: [ProjectSettingInput!]!) { upsertProjectSettings(projectID: $p, input: $in) { key } }`,
		map[string]any{"p": proj, "in": []map[string]any{{"key": key, "value": value}}}, nil)
}

// accessControl puts a project's playback rules through GraphQL; input is the
// AccessControlInput literal.
func accessControl(s *apptest.Server, proj, input string) {
	s.MustGraphQL(`mutation($p: ID!) { putAccessControl(projectID: $p, input: `+input+`) { id } }`,
		map[string]any{"p": proj}, nil)
}

// playbackToken signs a playback token through GraphQL and returns the tokened URL.
func playbackToken(s *apptest.Server, videoID string) (string, string) {
	var out struct {
		CreatePlaybackToken struct{ Token, PlaybackURL string }
	}
	s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { token playbackURL } }`, map[string]any{"v": videoID}, &out)
	return out.CreatePlaybackToken.Token, out.CreatePlaybackToken.PlaybackURL
}

// readyVideo uploads data as a new video of proj with tus and waits until it is
// ready; it returns the video's id.
func readyVideo(t *testing.T, s *apptest.Server, proj string, data []byte) string {
	t.Helper()
	token, id := s.UploadToken(proj, 0)
	s.TusUpload(token, data)
	if v := s.WaitVideo(id, 2*time.Minute); v.Status != "ready" {
		t.Fatalf("video %s: %s", v.Status, v.FailureReason)
	}
	return id
}

// encryptedVideo uploads data to a new project with signed playback and
// player_encryption and waits until the video is ready and encrypted.
func encryptedVideo(t *testing.T, s *apptest.Server, data []byte, timeout time.Duration) (string, apptest.Video) {
	t.Helper()
	proj := s.CreateProject(s.CreateOrganization("Acme"), "Private")
	accessControl(s, proj, `{playback: signed, tokenTTLDefault: 600}`)
	setting(s, proj, "transcoding", `{"player_encryption": true}`)
	token, videoID := s.UploadToken(proj, 0)
	s.TusUpload(token, data)
	v := s.WaitVideo(videoID, timeout)
	if v.Status != "ready" || !v.Encrypted {
		t.Fatalf("video %s encrypted=%v: %s", v.Status, v.Encrypted, v.FailureReason)
	}
	return videoID, v
}

func TestSignedOnlyAndEncryptedPlayback(t *testing.T) {
	src := clip.Make(t, 3, 640, 360, 30)
	data, _ := os.ReadFile(src)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		videoID, _ := encryptedVideo(t, s, data, 2*time.Minute)
		base := "/v1/play/" + videoID
		if st, _ := s.Get(base + "/master.m3u8"); st != http.StatusUnauthorized {
			t.Errorf("untokened master = %d, want 401", st)
		}
		if st, _ := s.Get(base + "/master.m3u8?token=1999999999.forged"); st != http.StatusForbidden {
			t.Errorf("forged token = %d, want 403", st)
		}
		pt, url := playbackToken(s, videoID)
		if st, _ := s.Get(base + "/key"); st != http.StatusUnauthorized {
			t.Errorf("untokened key = %d, want 401", st)
		}
		st, key := s.Get(base + "/key?token=" + pt)
		if st != http.StatusOK || len(key) != 16 {
			t.Fatalf("tokened key = %d, %d bytes", st, len(key))
		}
		st, pl := s.Get(base + "/360p/index.m3u8?token=" + pt)
		if st != http.StatusOK || !strings.Contains(string(pl), `#EXT-X-KEY:METHOD=AES-128,URI="../key?token=`) {
			t.Fatalf("rendition playlist = %d %s", st, pl)
		}
		_, seg := s.Get(base + "/360p/seg_00000.ts?token=" + pt)
		if len(seg) < 188*4 || (seg[0] == 0x47 && seg[188] == 0x47 && seg[376] == 0x47) {
			t.Fatalf("segment is plain MPEG-TS (%d bytes)", len(seg))
		}
		if _, _, err := ffprobeURL(t, s.URL+base+"/360p/seg_00000.ts?token="+pt); err == nil {
			t.Error("ffprobe read an encrypted segment without the key")
		}
		w, h, err := ffprobeURL(t, url)
		if err != nil || w != 640 || h != 360 {
			t.Fatalf("ffprobe with the token: %dx%d %v", w, h, err)
		}
	})
}

func TestBadUploadsFailTheVideoWithAReason(t *testing.T) {
	src := clip.Make(t, 2, 320, 240, 25)
	good, _ := os.ReadFile(src)
	corrupt := append([]byte(nil), good...)
	for i := 0; i < 4096 && i < len(corrupt); i++ {
		corrupt[i] = byte(i * 7)
	}
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Bad")

		check := func(name, videoID, want string) {
			t.Helper()
			v := s.WaitVideo(videoID, time.Minute)
			if v.Status != "failed" || !strings.Contains(v.FailureReason, want) {
				t.Errorf("%s: video %s, reason %q; want failed with %q", name, v.Status, v.FailureReason, want)
			}
		}
		token, id := s.UploadToken(proj, 0)
		s.TusUpload(token, corrupt)
		check("corrupt file", id, "not a media file")

		token, id = s.UploadToken(proj, 0)
		s.TusUpload(token, []byte("Dear diary, today I renamed this to .mp4.\n"))
		check("text renamed .mp4", id, "not a media file")

		token, id = s.UploadToken(proj, 0)
		if st, _, body := s.TusCreate(token, 0); st != http.StatusBadRequest || !strings.Contains(body, "empty") {
			t.Errorf("zero-byte tus upload = %d %s", st, body)
		}
		check("zero-byte", id, "empty")

		token, id = s.UploadToken(proj, 1000)
		if st, _, body := s.TusCreate(token, 1001); st != http.StatusRequestEntityTooLarge {
			t.Errorf("over-limit tus upload = %d %s", st, body)
		}
		check("over the limit", id, "over the token's limit of 1000 bytes")

		token, id = s.UploadToken(proj, 1000)
		req, _ := http.NewRequest(http.MethodPut, s.URL+"/v1/uploads/direct", bytes.NewReader(good))
		req.Header.Set("Upload-Token", token)
		if res, err := s.Client.Do(req); err != nil {
			t.Errorf("over-limit direct upload: %v", err)
		} else {
			_ = res.Body.Close()
			if res.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("over-limit direct upload = %d", res.StatusCode)
			}
		}
		check("direct over the limit", id, "over the token's limit")

		if st, _, _ := s.TusCreate("vut_nonsense", 10); st != http.StatusUnauthorized {
			t.Errorf("bad token = %d, want 401", st)
		}
	})
}

func TestDirectUploadAndPullFromURL(t *testing.T) {
	src := clip.Make(t, 2, 320, 240, 25)
	data, _ := os.ReadFile(src)
	origin := http.NewServeMux()
	origin.HandleFunc("/clip.mp4", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(data) })
	originSrv := newLoopback(t, origin)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Direct")
		token, id := s.UploadToken(proj, 0)
		req, _ := http.NewRequest(http.MethodPut, s.URL+"/v1/uploads/direct", bytes.NewReader(data))
		req.Header.Set("Upload-Token", token)
		res, err := s.Client.Do(req)
		if err != nil {
			t.Fatalf("direct upload: %v", err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("direct upload = %d", res.StatusCode)
		}
		if v := s.WaitVideo(id, time.Minute); v.Status != "ready" {
			t.Fatalf("direct upload video %s: %s", v.Status, v.FailureReason)
		}
		// The token is spent.
		if st, _, _ := s.TusCreate(token, 10); st != http.StatusConflict {
			t.Errorf("reused token = %d, want 409", st)
		}

		var out struct {
			PullVideo struct{ ID, Status, Title string }
		}
		s.MustGraphQL(`mutation($p: ID!, $u: String!) { pullVideo(projectID: $p, input: {url: $u}) { id status title } }`,
			map[string]any{"p": proj, "u": originSrv + "/clip.mp4"}, &out)
		if out.PullVideo.Status != "uploading" || out.PullVideo.Title != "clip.mp4" {
			t.Errorf("pullVideo = %+v", out.PullVideo)
		}
		if v := s.WaitVideo(out.PullVideo.ID, time.Minute); v.Status != "ready" || v.Size != int64(len(data)) {
			t.Fatalf("pulled video %s (%d bytes): %s", v.Status, v.Size, v.FailureReason)
		}
		if code := s.ErrorCode(`mutation($p: ID!) { pullVideo(projectID: $p, input: {url: "ftp://example.com/a.mp4"}) { id } }`,
			map[string]any{"p": proj}); code != "INVALID_INPUT" {
			t.Errorf("ftp URL: %s", code)
		}
	})
}

func TestPullRefusesPrivateAddressesByDefault(t *testing.T) {
	origin := http.NewServeMux()
	origin.HandleFunc("/clip.mp4", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("x")) })
	originSrv := newLoopback(t, origin)
	forEachDialect(t, map[string]string{"VIDRA_ALLOW_PRIVATE_NETWORKS": "false"}, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Pull")
		var out struct{ PullVideo struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!, $u: String!) { pullVideo(projectID: $p, input: {url: $u}) { id } }`,
			map[string]any{"p": proj, "u": originSrv + "/clip.mp4"}, &out)
		v := s.WaitVideo(out.PullVideo.ID, time.Minute)
		if v.Status != "failed" || !strings.Contains(v.FailureReason, "non-public address") {
			t.Fatalf("video %s: %q", v.Status, v.FailureReason)
		}
	})
}

// TestTusUploadCanBeTerminated: a client may abandon an upload in progress with
// DELETE (tus termination); the upload is gone afterwards.
func TestTusUploadCanBeTerminated(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Uploads")
		token, _ := s.UploadToken(proj, 1000)
		st, loc, body := s.TusCreate(token, 1000)
		if st != http.StatusCreated {
			t.Fatalf("create: %d %s", st, body)
		}
		if st, n, err := s.TusPatch(loc, 0, bytes.NewReader(make([]byte, 400))); err != nil || n != 400 {
			t.Fatalf("patch: %d %d %v", st, n, err)
		}
		req, _ := http.NewRequest(http.MethodDelete, loc, nil)
		req.Header.Set("Tus-Resumable", "1.0.0")
		res, err := s.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("DELETE: status %d, want 204", res.StatusCode)
		}
		req, _ = http.NewRequest(http.MethodHead, loc, nil)
		req.Header.Set("Tus-Resumable", "1.0.0")
		if res, err = s.Client.Do(req); err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Fatalf("HEAD after DELETE: status %d, want 404", res.StatusCode)
		}
	})
}
