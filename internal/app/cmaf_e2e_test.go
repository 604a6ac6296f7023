package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/Eyevinn/dash-mpd/mpd"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// mpdFiles parses an MPD served at base (/v1/play/{id}/) and returns the path
// of every file it names, each initialization and each segment of its
// timelines, as a player would ask for them.
func mpdFiles(t *testing.T, body []byte) (files []string, kinds []string) {
	t.Helper()
	m, err := mpd.MPDFromBytes(body)
	if err != nil {
		t.Fatalf("MPD: %v\n%s", err, body)
	}
	if m.GetType() != "static" || len(m.Periods) != 1 {
		t.Fatalf("MPD type %s with %d periods", m.GetType(), len(m.Periods))
	}
	for _, set := range m.Periods[0].AdaptationSets {
		kinds = append(kinds, string(set.ContentType))
		for _, rep := range set.Representations {
			if len(rep.BaseURLs) > 0 {
				files = append(files, string(rep.BaseURLs[0].Value))
				continue
			}
			tmpl := rep.SegmentTemplate
			files = append(files, tmpl.Initialization)
			n := int(*tmpl.StartNumber)
			var next uint64
			for i, s := range tmpl.SegmentTimeline.S {
				if s.T != nil && i > 0 && *s.T != next {
					t.Fatalf("%s: the timeline is not continuous at S[%d]", rep.Id, i)
				}
				if s.T != nil {
					next = *s.T
				}
				for k := 0; k <= s.R; k++ {
					media, query, _ := strings.Cut(tmpl.Media, "?")
					name := strings.Replace(media, "$Number%05d$", fmt.Sprintf("%05d", n), 1)
					if query != "" {
						name += "?" + strings.ReplaceAll(query, "&amp;", "&")
					}
					files = append(files, name)
					n++
					next += s.D
				}
			}
		}
	}
	return files, kinds
}

// TestCMAFPlaysAsHLSAndDASH uploads a video to an open project and a signed
// one and checks both manifests over the same files: the HLS master (version
// 7, an audio group) and the DASH MPD, every file either names answered; the
// captions in both; the token carried into every URL of a signed MPD; and an
// encrypted project's video stays MPEG-TS, HLS only, with DASH refused.
func TestCMAFPlaysAsHLSAndDASH(t *testing.T) {
	src := clip.Make(t, 6, 640, 360, 30)
	data, _ := os.ReadFile(src)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Open")
		id := readyVideo(t, s, proj, data)
		v := s.GetVideo(id)
		base := "/v1/play/" + id + "/"
		if v.Packaging != "cmaf" || v.DashURL == nil || *v.DashURL != s.URL+base+"manifest.mpd" {
			t.Fatalf("packaging %s, dashURL %v", v.Packaging, v.DashURL)
		}
		st, master := s.Get(base + "master.m3u8")
		for _, want := range []string{"#EXT-X-VERSION:7", `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac"`, `AUDIO="aac"`, "360p/index.m3u8"} {
			if st != http.StatusOK || !strings.Contains(string(master), want) {
				t.Fatalf("master = %d, lacks %q:\n%s", st, want, master)
			}
		}
		for _, rend := range []string{"360p", "audio"} {
			st, pl := s.Get(base + rend + "/index.m3u8")
			if st != http.StatusOK || !strings.Contains(string(pl), `#EXT-X-MAP:URI="init.mp4"`) || !strings.Contains(string(pl), "seg_00001.m4s") {
				t.Fatalf("%s playlist = %d:\n%s", rend, st, pl)
			}
		}
		res, err := http.Get(s.URL + base + "manifest.mpd")
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if ct := res.Header.Get("Content-Type"); res.StatusCode != http.StatusOK || ct != "application/dash+xml" {
			t.Fatalf("MPD = %d %q", res.StatusCode, ct)
		}
		_, body := s.Get(base + "manifest.mpd")
		files, kinds := mpdFiles(t, body)
		if strings.Join(kinds, ",") != "video,audio" || len(files) < 6 {
			t.Fatalf("MPD adaptation sets %v, files %v", kinds, files)
		}
		for _, f := range files {
			if st, b := s.Get(base + f); st != http.StatusOK || len(b) == 0 {
				t.Fatalf("GET %s (named by the MPD) = %d", f, st)
			}
		}
		// Metering: the stored output is every file under hls/, the MPD included.
		var onDisk int64
		for _, f := range blobFiles(t, s, "videos/"+id+"/hls") {
			info, err := os.Stat(filepath.Join(blobDir(s), "videos", id, "hls", f))
			if err != nil {
				t.Fatal(err)
			}
			onDisk += info.Size()
		}
		if n := s.SQLInt(`SELECT COALESCE(SUM(bytes), 0) FROM stored_objects WHERE video_id = $1 AND key LIKE '%/hls/' AND deleted_at IS NULL`, id); int64(n) != onDisk {
			t.Errorf("stored output billed as %d bytes, %d bytes written", n, onDisk)
		}
		// ffprobe plays the HLS master with its separate audio group.
		if w, h, err := ffprobeURL(t, *v.PlaybackURL); err != nil || w != 640 || h != 360 {
			t.Fatalf("ffprobe %s: %dx%d %v", *v.PlaybackURL, w, h, err)
		}

		// An instant clip (1 s to 3 s): the master's playlists carry the range,
		// each is trimmed to the segments that hold it with the exact in point
		// marked, and the MPD ends exactly at the out point.
		st, master = s.Get(base + "master.m3u8?start=1&end=3")
		if st != http.StatusOK || !strings.Contains(string(master), "360p/index.m3u8?start=1&end=3") ||
			!strings.Contains(string(master), `URI="audio/index.m3u8?start=1&end=3"`) {
			t.Fatalf("clipped master = %d:\n%s", st, master)
		}
		st, pl := s.Get(base + "360p/index.m3u8?start=1&end=3")
		if st != http.StatusOK || !strings.Contains(string(pl), "#EXT-X-START:TIME-OFFSET=1.000,PRECISE=YES") ||
			!strings.Contains(string(pl), "seg_00000.m4s") || strings.Contains(string(pl), "seg_00001.m4s") {
			t.Fatalf("clipped rendition playlist = %d:\n%s", st, pl)
		}
		st, clipped := s.Get(base + "manifest.mpd?start=1&end=3")
		cm, err := mpd.MPDFromBytes(clipped)
		// From the first segment kept (0 s) to the out point (3 s).
		if st != http.StatusOK || err != nil || cm.MediaPresentationDuration.Seconds() != 3 {
			t.Fatalf("clipped MPD = %d %v:\n%s", st, err, clipped)
		}
		files, _ = mpdFiles(t, clipped)
		for _, f := range files {
			if strings.Contains(f, "seg_00001") {
				t.Fatalf("the clipped MPD names %s, past the out point", f)
			}
		}
		for _, bad := range []string{"start=3&end=1", "start=-1", "end=99", "start=x"} {
			if st, msg := s.Get(base + "master.m3u8?" + bad); st != http.StatusBadRequest {
				t.Errorf("master?%s = %d %s, want 400", bad, st, msg)
			}
		}

		// Captions are a subtitle group in HLS and a text adaptation set in DASH.
		s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "en", label: "English", file: $file) { id } }`,
			map[string]any{"v": id}, nil, apptest.File{Var: "file", Name: "en.vtt", Content: []byte(testCaption)})
		_, body = s.Get(base + "manifest.mpd")
		_, kinds = mpdFiles(t, body)
		if strings.Join(kinds, ",") != "video,audio,text" || !strings.Contains(string(body), "<BaseURL>captions/en.vtt</BaseURL>") {
			t.Fatalf("MPD with a caption: %v\n%s", kinds, body)
		}
		if st, vtt := s.Get(base + "captions/en.vtt"); st != http.StatusOK || !strings.HasPrefix(string(vtt), "WEBVTT") {
			t.Fatalf("caption named by the MPD = %d", st)
		}

		// A signed project: the MPD needs a token and carries it into every URL.
		signed := s.CreateProject(org, "Signed")
		accessControl(s, signed, `{playback: signed, tokenTTLDefault: 600}`)
		sid := readyVideo(t, s, signed, data)
		sbase := "/v1/play/" + sid + "/"
		if st, _ := s.Get(sbase + "manifest.mpd"); st != http.StatusUnauthorized {
			t.Fatalf("untokened MPD = %d, want 401", st)
		}
		var tok struct {
			CreatePlaybackToken struct {
				Token   string
				DashURL *string
			}
		}
		s.MustGraphQL(`mutation($v: ID!) { createPlaybackToken(videoID: $v) { token dashURL } }`, map[string]any{"v": sid}, &tok)
		pt := tok.CreatePlaybackToken
		if pt.DashURL == nil || *pt.DashURL != s.URL+sbase+"manifest.mpd?token="+pt.Token {
			t.Fatalf("token's dashURL %v", pt.DashURL)
		}
		st, body = s.Get(strings.TrimPrefix(*pt.DashURL, s.URL))
		if st != http.StatusOK {
			t.Fatalf("tokened MPD = %d", st)
		}
		files, _ = mpdFiles(t, body)
		for _, f := range files {
			u, _ := url.Parse(f)
			if u.Query().Get("token") != pt.Token {
				t.Fatalf("MPD names %s without the token", f)
			}
			if st, _ := s.Get(sbase + f); st != http.StatusOK {
				t.Fatalf("GET %s = %d", f, st)
			}
			if st, _ := s.Get(sbase + u.Path); st != http.StatusUnauthorized {
				t.Fatalf("GET %s without the token = %d, want 401", u.Path, st)
			}
		}

		// An encrypted project keeps MPEG-TS with AES-128: HLS only.
		eid, ev := encryptedVideo(t, s, data, 2*time.Minute)
		if ev.Packaging != "ts" || ev.DashURL != nil {
			t.Fatalf("encrypted video: packaging %s, dashURL %v", ev.Packaging, ev.DashURL)
		}
		token, _ := playbackToken(s, eid)
		st, msg := s.Get("/v1/play/" + eid + "/manifest.mpd?token=" + token)
		if st != http.StatusNotFound || !strings.Contains(string(msg), "MPEG-TS") {
			t.Fatalf("encrypted video's MPD = %d %s", st, msg)
		}
	})
}

// TestAudioOnlySourceBecomesAnAudioAsset uploads sound alone (an M4A and an
// MP3) and checks that it becomes a ready, playable asset: one AAC rendition
// in HLS and DASH, its duration known, no picture (no thumbnails, the image
// API says why), its delivery metered.
func TestAudioOnlySourceBecomesAnAudioAsset(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	work := t.TempDir()
	m4a := filepath.Join(work, "talk.m4a")
	mp3 := filepath.Join(work, "talk.mp3")
	for _, c := range [][]string{
		{"-f", "lavfi", "-i", "sine=frequency=330:duration=9", "-c:a", "aac", "-b:a", "96k", m4a},
		{"-f", "lavfi", "-i", "sine=frequency=330:duration=9", "-c:a", "libmp3lame", "-b:a", "96k", mp3},
	} {
		args := append([]string{"-hide_banner", "-loglevel", "error", "-y"}, c...)
		if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg %v: %v %s", c, err, out)
		}
	}
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Podcasts"), "Shows")
		for _, f := range []string{m4a, mp3} {
			data, _ := os.ReadFile(f)
			id := readyVideo(t, s, proj, data)
			v := s.GetVideo(id)
			if renditionsOf(v) != "audio:ready" || v.Width != 0 || v.Height != 0 || v.Duration < 8.9 || v.Packaging != "cmaf" {
				t.Fatalf("%s: renditions %s, %dx%d, %.2f s, %s", filepath.Base(f), renditionsOf(v), v.Width, v.Height, v.Duration, v.Packaging)
			}
			if len(v.Thumbnails) != 0 || v.Timeline != nil {
				t.Fatalf("%s: a sound-only asset has thumbnails %v, timeline %v", filepath.Base(f), v.Thumbnails, v.Timeline)
			}
			base := "/v1/play/" + id + "/"
			_, master := s.Get(base + "master.m3u8")
			if !strings.Contains(string(master), "CODECS=\"mp4a.40.2\"") || strings.Contains(string(master), "RESOLUTION=") {
				t.Fatalf("%s: master:\n%s", filepath.Base(f), master)
			}
			_, body := s.Get(base + "manifest.mpd")
			files, kinds := mpdFiles(t, body)
			if strings.Join(kinds, ",") != "audio" {
				t.Fatalf("%s: MPD adaptation sets %v", filepath.Base(f), kinds)
			}
			for _, file := range files {
				if st, _ := s.Get(base + file); st != http.StatusOK {
					t.Fatalf("GET %s = %d", file, st)
				}
			}
			// ffprobe lists the streams of each HLS program: AAC and nothing else.
			out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", *v.PlaybackURL).Output()
			codecs := strings.Fields(string(out))
			if err != nil || len(codecs) == 0 || slices.ContainsFunc(codecs, func(c string) bool { return c != "aac" }) {
				t.Fatalf("%s: ffprobe of the master: %q %v", filepath.Base(f), out, err)
			}
			if st, msg := s.Get(base + "thumbnail.jpg"); st != http.StatusNotFound || !strings.Contains(string(msg), "sound only") {
				t.Fatalf("%s: image API = %d %s", filepath.Base(f), st, msg)
			}
		}
	})
}
