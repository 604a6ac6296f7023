package app_test

import (
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
)

// convertClip re-muxes or re-encodes src into dst with ffmpeg (args between them).
func convertClip(t *testing.T, src, dst string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("ffmpeg", append(append([]string{"-hide_banner", "-loglevel", "error", "-y", "-i", src}, args...), dst)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %s: %v: %s", filepath.Base(dst), err, b)
	}
	data, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// blobDir is the directory of the server's file:// blob storage.
func blobDir(s *apptest.Server) string {
	if u := s.App.Config.StorageURL; strings.HasPrefix(u, "file://") {
		return strings.TrimPrefix(strings.SplitN(u, "?", 2)[0], "file://")
	}
	return filepath.Join(s.App.Config.DataDir, "blobs")
}

// blobFiles lists the files stored under prefix (a folder of the blob storage).
func blobFiles(t *testing.T, s *apptest.Server, prefix string) []string {
	t.Helper()
	var files []string
	root := filepath.Join(blobDir(s), filepath.FromSlash(prefix))
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".attrs") {
			files = append(files, strings.TrimPrefix(p, root))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// hlsPlaylist is an HLS media playlist whose one segment is the local file path.
func hlsPlaylist(path string) []byte {
	return []byte("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n" +
		"#EXTINF:2.0,\nfile://" + path + "\n#EXT-X-ENDLIST\n")
}

// TestSourcesThatNameOtherFilesAreRefused: an upload, a pulled URL and a
// transcoding job source whose bytes are an HLS playlist (named .mp4) pointing at
// a local secret or at another tenant's video blob, a concat script and an image
// fail with a reason saying so, and nothing of the files they name is published;
// real MP4, WebM and Matroska files still process.
func TestSourcesThatNameOtherFilesAreRefused(t *testing.T) {
	src := clip.Make(t, 2, 320, 240, 25)
	good, _ := os.ReadFile(src)
	work := t.TempDir()
	secret := filepath.Join(work, "secret.ts")
	convertClip(t, src, secret, "-c", "copy", "-f", "mpegts")
	webm := convertClip(t, src, filepath.Join(work, "clip.webm"), "-c:v", "libvpx", "-b:v", "300k", "-deadline", "realtime", "-c:a", "libopus")
	mkv := convertClip(t, src, filepath.Join(work, "clip.mkv"), "-c", "copy")
	png := convertClip(t, src, filepath.Join(work, "frame.png"), "-frames:v", "1")

	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		// Another tenant's ready video, whose segments sit in the blob storage.
		other := s.CreateProject(s.CreateOrganization("Other"), "Theirs")
		token, theirs := s.UploadToken(other, 0)
		s.TusUpload(token, good)
		tv := s.WaitVideo(theirs, 2*time.Minute)
		if tv.Status != "ready" || len(tv.Renditions) == 0 {
			t.Fatalf("their video %s: %s", tv.Status, tv.FailureReason)
		}
		theirSegment := filepath.Join(blobDir(s), "videos", theirs, "hls", "240p", "seg_00000.m4s")
		if _, err := os.Stat(theirSegment); err != nil {
			t.Fatal(err)
		}

		proj := s.CreateProject(s.CreateOrganization("Mallory"), "Mine")
		refused := []struct {
			name, want string
			data       []byte
		}{
			{"HLS playlist naming a local secret", "HLS playlist", hlsPlaylist(secret)},
			{"HLS playlist naming another tenant's segment", "HLS playlist", hlsPlaylist(theirSegment)},
			{"concat script", "concat list", []byte("ffconcat version 1.0\nfile 'file:" + secret + "'\nfile 'file:" + theirSegment + "'\n")},
			{"image", "image", png},
		}
		origin := http.NewServeMux()
		for i, c := range refused {
			data := c.data
			origin.HandleFunc("/"+string(rune('a'+i))+".mp4", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(data) })
		}
		originURL := newLoopback(t, origin)

		for i, c := range refused {
			// Uploaded with tus.
			token, id := s.UploadToken(proj, 0)
			s.TusUpload(token, c.data)
			checkRefused(t, s, "upload: "+c.name, id, c.want)

			// Pulled from a URL.
			var pulled struct{ PullVideo struct{ ID string } }
			s.MustGraphQL(`mutation($p: ID!, $u: String!) { pullVideo(projectID: $p, input: {url: $u}) { id } }`,
				map[string]any{"p": proj, "u": originURL + "/" + string(rune('a'+i)) + ".mp4"}, &pulled)
			checkRefused(t, s, "pull: "+c.name, pulled.PullVideo.ID, c.want)

			// A transcoding job's source URL.
			j := restJob(t, s, "POST", "/v2/transcoding/jobs", `{"project_id": "`+proj+`", "url": "`+originURL+"/"+string(rune('a'+i))+`.mp4",
				"outputs": [{"height": 240, "video_bitrate_kbps": 300}]}`)
			j = waitJob(t, s, "/v2/transcoding/jobs/"+j.ID)
			if j.Status != "failed" || !strings.Contains(j.FailureReason, c.want) {
				t.Errorf("transcoding job from %s: %s %q, want failed with %q", c.name, j.Status, j.FailureReason, c.want)
			}
			if files := blobFiles(t, s, "transcoding/"+j.ID); len(files) != 0 {
				t.Errorf("transcoding job from %s published %v", c.name, files)
			}
		}

		for name, data := range map[string][]byte{"mp4": good, "webm": webm, "mkv": mkv} {
			token, id := s.UploadToken(proj, 0)
			s.TusUpload(token, data)
			if v := s.WaitVideo(id, 2*time.Minute); v.Status != "ready" || v.Width != 320 || v.Height != 240 {
				t.Errorf("%s video %s %dx%d: %s", name, v.Status, v.Width, v.Height, v.FailureReason)
			}
		}
	})
}

// checkRefused waits for a video and checks that it failed with want in its
// reason and that nothing was published for it: no rendition, thumbnail or
// playlist in the blob storage, and its playback answers no playlist.
func checkRefused(t *testing.T, s *apptest.Server, name, id, want string) {
	t.Helper()
	v := s.WaitVideo(id, time.Minute)
	if v.Status != "failed" || !strings.Contains(v.FailureReason, want) || !strings.Contains(v.FailureReason, "not a media file") {
		t.Errorf("%s: video %s, reason %q; want failed with %q", name, v.Status, v.FailureReason, want)
	}
	if len(v.Renditions) != 0 || len(v.Thumbnails) != 0 || v.Width != 0 || v.Duration != 0 {
		t.Errorf("%s: video %+v", name, v)
	}
	for _, prefix := range []string{"videos/" + id + "/hls", "videos/" + id + "/images"} {
		if files := blobFiles(t, s, prefix); len(files) != 0 {
			t.Errorf("%s: published %s%v", name, prefix, files)
		}
	}
	if st, body := s.Get("/v1/play/" + id + "/master.m3u8"); st == http.StatusOK {
		t.Errorf("%s: master playlist served: %s", name, body)
	}
}
