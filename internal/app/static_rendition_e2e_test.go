package app_test

import (
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
)

// staticRendition is a static rendition as the GraphQL API shows it.
type staticRendition struct {
	ID, Resolution, FileName, Status, FailureReason string
	Width, Height                                   int
	Bytes                                           int64
	DownloadURL                                     *string
}

const staticRenditionSelection = `id resolution fileName status failureReason width height bytes downloadURL`

// staticRenditionsOf waits (up to a minute) until none of a video's static
// renditions is preparing, and returns them by resolution.
func staticRenditionsOf(t *testing.T, s *apptest.Server, videoID string, want int) map[string]staticRendition {
	t.Helper()
	var got map[string]staticRendition
	done := poll.Every(100*time.Millisecond, time.Minute, func() bool {
		var out struct{ VideoStaticRenditions []staticRendition }
		s.MustGraphQL(`query($v: ID!) { videoStaticRenditions(videoID: $v) { `+staticRenditionSelection+` } }`,
			map[string]any{"v": videoID}, &out)
		got = map[string]staticRendition{}
		for _, sr := range out.VideoStaticRenditions {
			if sr.Status == "preparing" {
				return false
			}
			got[sr.Resolution] = sr
		}
		return len(got) == want
	})
	if !done {
		t.Fatalf("static renditions of %s still preparing: %+v", videoID, got)
	}
	return got
}

// topLevelBoxes lists the types of an MP4 file's top-level boxes, in order.
func topLevelBoxes(t *testing.T, b []byte) []string {
	t.Helper()
	var types []string
	for off := 0; off+8 <= len(b); {
		size := int(binary.BigEndian.Uint32(b[off:]))
		if size == 1 && off+16 <= len(b) {
			size = int(binary.BigEndian.Uint64(b[off+8:]))
		}
		types = append(types, string(b[off+4:off+8]))
		if size < 8 {
			break
		}
		off += size
	}
	return types
}

// probeStreams is the codec of each stream of a local file, and its duration.
func probeStreams(t *testing.T, path string) ([]string, float64) {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_type,codec_name:format=duration",
		"-of", "json", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffprobe %s: %v %s", path, err, out)
	}
	var p struct {
		Streams []struct {
			CodecType string `json:"codec_type"`
			CodecName string `json:"codec_name"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	var codecs []string
	for _, s := range p.Streams {
		codecs = append(codecs, s.CodecType+":"+s.CodecName)
	}
	d, _ := strconv.ParseFloat(p.Format.Duration, 64)
	return codecs, d
}

// fetched is a downloaded file's response: its status, headers and body.
type fetched struct {
	StatusCode int
	Header     http.Header
}

// download GETs a file and saves it (when dst is set), returning the
// response's status and headers, and the body.
func download(t *testing.T, url, dst string, header http.Header) (fetched, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if dst != "" {
		if err := os.WriteFile(dst, body, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return fetched{StatusCode: res.StatusCode, Header: res.Header}, body
}

// TestStaticRenditionsDownload: a project that asks for highest and
// audio-only downloads gets both when its video is ready, with
// video.static_rendition.ready; each is an MP4 with its index first that
// ffprobe plays, served with ranges and as an attachment, billed as storage;
// a height the ladder lacks is refused, one it has is made on request; a
// deleted one is gone; a signed project's need the token, which
// PlaybackToken.downloadURLs carries; an encrypted (MPEG-TS) video's play too.
func TestStaticRenditionsDownload(t *testing.T) {
	src := clip.Make(t, 6, 640, 360, 30)
	data, _ := os.ReadFile(src)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Open")
		var upd struct {
			UpdateProject struct{ StaticRenditions []string }
		}
		s.MustGraphQL(`mutation($p: ID!) { updateProject(id: $p, input: {staticRenditions: ["highest", "audio-only"]}) { staticRenditions } }`,
			map[string]any{"p": proj}, &upd)
		if strings.Join(upd.UpdateProject.StaticRenditions, ",") != "highest,audio-only" {
			t.Fatalf("project static renditions %v", upd.UpdateProject.StaticRenditions)
		}
		if errs := s.GraphQL(`mutation($p: ID!) { updateProject(id: $p, input: {staticRenditions: ["best"]}) { id } }`,
			map[string]any{"p": proj}).Errors; len(errs) == 0 || !strings.Contains(errs[0].Message, "not a resolution") {
			t.Fatalf("a bad project resolution: %+v", errs)
		}
		id := readyVideo(t, s, proj, data)
		srs := staticRenditionsOf(t, s, id, 2)
		hi, audio := srs["highest"], srs["audio-only"]
		if hi.Status != "ready" || hi.Width != 640 || hi.Height != 360 || hi.FileName != "highest.mp4" || hi.DownloadURL == nil {
			t.Fatalf("highest: %+v", hi)
		}
		if audio.Status != "ready" || audio.Width != 0 || audio.FileName != "audio.m4a" || audio.Bytes <= 0 {
			t.Fatalf("audio-only: %+v", audio)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM events WHERE project_id = ? AND type = 'video.static_rendition.ready'`, proj); n != 2 {
			t.Fatalf("%d video.static_rendition.ready events, want 2", n)
		}

		work := t.TempDir()
		mp4 := filepath.Join(work, "highest.mp4")
		res, body := download(t, *hi.DownloadURL, mp4, nil)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "video/mp4" ||
			res.Header.Get("Content-Disposition") != `attachment; filename="clip (highest).mp4"` || int64(len(body)) != hi.Bytes {
			t.Fatalf("highest.mp4: %d %q %q, %d bytes of %d", res.StatusCode, res.Header.Get("Content-Type"),
				res.Header.Get("Content-Disposition"), len(body), hi.Bytes)
		}
		boxes := strings.Join(topLevelBoxes(t, body), ",")
		if !strings.HasPrefix(boxes, "ftyp,moov") || !strings.Contains(boxes, "mdat") {
			t.Fatalf("highest.mp4 boxes %s: the index (moov) must come first", boxes)
		}
		if codecs, d := probeStreams(t, mp4); strings.Join(codecs, ",") != "video:h264,audio:aac" || d < 5.5 || d > 6.5 {
			t.Fatalf("highest.mp4 streams %v, %.2f s", codecs, d)
		}
		res, part := download(t, *hi.DownloadURL, "", http.Header{"Range": {"bytes=100-199"}})
		if res.StatusCode != http.StatusPartialContent || string(part) != string(body[100:200]) {
			t.Fatalf("range request = %d, %d bytes", res.StatusCode, len(part))
		}
		m4a := filepath.Join(work, "audio.m4a")
		res, body = download(t, *audio.DownloadURL, m4a, nil)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "audio/mp4" {
			t.Fatalf("audio.m4a = %d %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if codecs, _ := probeStreams(t, m4a); strings.Join(codecs, ",") != "audio:aac" || !strings.HasPrefix(strings.Join(topLevelBoxes(t, body), ","), "ftyp,moov") {
			t.Fatalf("audio.m4a streams %v", codecs)
		}
		// Storage: each file is billed from when it was written.
		if n := s.SQLInt(`SELECT COALESCE(SUM(bytes), 0) FROM stored_objects WHERE video_id = ? AND key LIKE '%/downloads/%' AND deleted_at IS NULL`, id); int64(n) != hi.Bytes+audio.Bytes {
			t.Fatalf("downloads billed as %d bytes, written %d", n, hi.Bytes+audio.Bytes)
		}

		// A height: refused when the ladder lacks it, made when it has it.
		for res, want := range map[string]string{"1080p": "no 1080p rendition", "best": "not a resolution", "720": "not a resolution"} {
			errs := s.GraphQL(`mutation($v: ID!, $r: String!) { createStaticRendition(videoID: $v, resolution: $r) { id } }`,
				map[string]any{"v": id, "r": res}).Errors
			if len(errs) == 0 || !strings.Contains(errs[0].Message, want) {
				t.Fatalf("createStaticRendition(%s): %+v, want %q", res, errs, want)
			}
		}
		s.MustGraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "360p") { id } }`, map[string]any{"v": id}, nil)
		p360 := staticRenditionsOf(t, s, id, 3)["360p"]
		if p360.Status != "ready" || p360.Height != 360 {
			t.Fatalf("360p: %+v", p360)
		}
		if st, _ := s.Get("/v1/play/" + id + "/downloads/360p.mp4"); st != http.StatusOK {
			t.Fatalf("360p.mp4 = %d", st)
		}
		for _, bad := range []string{"240p.mp4", "audio-only.mp4", "highest.m4a", "x.mp4"} {
			if st, _ := s.Get("/v1/play/" + id + "/downloads/" + bad); st != http.StatusNotFound {
				t.Fatalf("downloads/%s = %d, want 404", bad, st)
			}
		}
		// Deleted: the file is gone and no longer billed.
		s.MustGraphQL(`mutation($v: ID!, $s: ID!) { deleteStaticRendition(videoID: $v, id: $s) }`, map[string]any{"v": id, "s": p360.ID}, nil)
		if st, _ := s.Get("/v1/play/" + id + "/downloads/360p.mp4"); st != http.StatusNotFound {
			t.Fatalf("deleted 360p.mp4 = %d, want 404", st)
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = ? AND key LIKE '%/downloads/%' AND deleted_at IS NULL`, id); n != 2 {
			t.Fatalf("%d download objects billed after a delete, want 2", n)
		}

		// A signed project: the download needs the token the token's URLs carry.
		signed := s.CreateProject(org, "Signed")
		accessControl(s, signed, `{playback: signed, tokenTTLDefault: 600}`)
		sid := readyVideo(t, s, signed, data)
		s.MustGraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "highest") { id } }`, map[string]any{"v": sid}, nil)
		staticRenditionsOf(t, s, sid, 1)
		if st, _ := s.Get("/v1/play/" + sid + "/downloads/highest.mp4"); st != http.StatusUnauthorized {
			t.Fatalf("untokened download = %d, want 401", st)
		}
		var tok struct {
			CreatePlaybackToken struct{ DownloadURLs []string }
		}
		s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { downloadURLs } }`, map[string]any{"v": sid}, &tok)
		if urls := tok.CreatePlaybackToken.DownloadURLs; len(urls) != 1 || !strings.Contains(urls[0], "/downloads/highest.mp4?token=") {
			t.Fatalf("token download URLs %v", urls)
		} else if res, _ := download(t, urls[0], "", nil); res.StatusCode != http.StatusOK {
			t.Fatalf("tokened download = %d", res.StatusCode)
		}

		// An encrypted project's video is MPEG-TS with AES-128: its segments
		// are decrypted into the download.
		eid, _ := encryptedVideo(t, s, data, 2*time.Minute)
		s.MustGraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "highest") { id } }`, map[string]any{"v": eid}, nil)
		if sr := staticRenditionsOf(t, s, eid, 1)["highest"]; sr.Status != "ready" {
			t.Fatalf("encrypted video's download: %+v", sr)
		}
		token, _ := playbackToken(s, eid)
		enc := filepath.Join(work, "encrypted.mp4")
		if res, _ := download(t, s.URL+"/v1/play/"+eid+"/downloads/highest.mp4?token="+token, enc, nil); res.StatusCode != http.StatusOK {
			t.Fatalf("encrypted video's download = %d", res.StatusCode)
		}
		if codecs, d := probeStreams(t, enc); strings.Join(codecs, ",") != "video:h264,audio:aac" || d < 5.5 {
			t.Fatalf("encrypted video's download streams %v, %.2f s", codecs, d)
		}
	})
}

// TestStaticRenditionOfAFailedVideoFails: a static rendition asked for while
// its video is uploading fails when the video does, with a reason and
// video.static_rendition.failed: at once when the processing fails (a text
// file: failed in the video's own transaction), and through the sweeper when
// the upload is refused (an empty one); a failed video's is refused.
func TestStaticRenditionOfAFailedVideoFails(t *testing.T) {
	forEachDialect(t, map[string]string{"VIDRA_SWEEP_INTERVAL": "1s"}, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Failing")
		ask := func(videoID string) {
			t.Helper()
			s.MustGraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "highest") { id } }`,
				map[string]any{"v": videoID}, nil)
		}
		failedEvents := func(videoID string) int {
			return s.SQLInt(`SELECT COUNT(*) FROM events WHERE project_id = ? AND type = 'video.static_rendition.failed' AND CAST(data AS TEXT) LIKE ?`,
				proj, "%"+videoID+"%")
		}
		check := func(name string, sr staticRendition, want string) {
			t.Helper()
			if sr.Status != "failed" || !strings.Contains(sr.FailureReason, "the video failed to process: ") ||
				!strings.Contains(sr.FailureReason, want) || sr.DownloadURL != nil {
				t.Fatalf("%s: static rendition %+v, want failed with %q", name, sr, want)
			}
		}

		// A text file: the processing fails the video and, in its transaction, the download.
		token, id := s.UploadToken(proj, 0)
		ask(id)
		s.TusUpload(token, []byte("Dear diary, today I renamed this to .mp4.\n"))
		if v := s.WaitVideo(id, time.Minute); v.Status != "failed" {
			t.Fatalf("text upload: video %s", v.Status)
		}
		var out struct{ VideoStaticRenditions []staticRendition }
		s.MustGraphQL(`query($v: ID!) { videoStaticRenditions(videoID: $v) { `+staticRenditionSelection+` } }`,
			map[string]any{"v": id}, &out)
		if len(out.VideoStaticRenditions) != 1 {
			t.Fatalf("text upload: static renditions %+v", out.VideoStaticRenditions)
		}
		check("text upload", out.VideoStaticRenditions[0], "not a media file")
		if n := failedEvents(id); n != 1 {
			t.Fatalf("text upload: %d video.static_rendition.failed events, want 1", n)
		}
		errs := s.GraphQL(`mutation($v: ID!) { createStaticRendition(videoID: $v, resolution: "highest") { id } }`,
			map[string]any{"v": id}).Errors
		if len(errs) == 0 || !strings.Contains(errs[0].Message, "failed to process") {
			t.Fatalf("a failed video's static rendition: %+v", errs)
		}

		// An empty upload is refused, which fails the video outside the
		// pipeline: the sweeper fails the download.
		token, id = s.UploadToken(proj, 0)
		ask(id)
		if st, _, body := s.TusCreate(token, 0); st != http.StatusBadRequest || !strings.Contains(body, "empty") {
			t.Fatalf("empty upload = %d %s", st, body)
		}
		if v := s.GetVideo(id); v.Status != "failed" {
			t.Fatalf("empty upload: video %s", v.Status)
		}
		check("empty upload", staticRenditionsOf(t, s, id, 1)["highest"], "empty")
		if n := failedEvents(id); n != 1 {
			t.Fatalf("empty upload: %d video.static_rendition.failed events, want 1", n)
		}
	})
}
