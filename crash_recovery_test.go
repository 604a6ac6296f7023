//go:build linux

package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// recoveryBound is how long after a restart the killed server's video may take
// to be ready: the transcode of the clip again, on a loaded test machine, and
// far below what River's rescuer alone would take (the job timeout plus a
// minute, 2 h 1 min by default).
const recoveryBound = 90 * time.Second

// TestKilledServerRecoversItsTranscodeAtRestart kills -9 the embedded server
// (the real command, in its own process) while ffmpeg transcodes a 40 s
// clip, checks that no ffmpeg outlives it, restarts it with default settings
// and sees the video ready within seconds of the transcode: the restarted
// server hands its previous run's job back to the queue at start, and the
// retry starts from clean outputs.
func TestKilledServerRecoversItsTranscodeAtRestart(t *testing.T) {
	data, err := os.ReadFile(clip.Make(t, 40, 640, 360, 24))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			c := newCluster(t, d)
			first := c.start("server", nil)
			c.waitHealthy(first, 60*time.Second)
			s := apptest.Remote(t, c.URL())
			s.Token = s.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
			proj := s.CreateProject(s.CreateOrganization("Acme"), "Crash")
			token, videoID := s.UploadToken(proj, 0)
			s.TusUpload(token, data)

			c.waitFFmpeg(60 * time.Second)
			// The moment of the kill is the scenario: well into the encode,
			// which says nothing of its progress but the time it has run.
			time.Sleep(500 * time.Millisecond)
			first.kill()
			c.noFFmpegLeft()
			// What a dead attempt with another ladder could have published.
			plantStaleRendition(t, c, videoID)

			restarted := time.Now()
			second := c.start("server", nil)
			c.waitHealthy(second, 60*time.Second)
			c.waitLog(second, "reclaimed jobs of a dead process", 10*time.Second)
			if !strings.Contains(second.logs.String(), `"reason":"previous run on this host"`) {
				t.Errorf("reclaim not attributed to the previous run:\n%s", tail(second.logs.String(), 3000))
			}
			v := s.WaitVideo(videoID, recoveryBound)
			if v.Status != "ready" {
				t.Fatalf("video %s after restart: %s (%s)", videoID, v.Status, v.FailureReason)
			}
			t.Logf("%s: ready %.1fs after the restart", d, time.Since(restarted).Seconds())
			checkCleanOutputs(t, c, videoID, first.cmd.Process.Pid)
		})
	}
}

// plantStaleRendition writes a rendition folder no attempt of this ladder
// makes, as a killed attempt with another encoding profile would have left.
func plantStaleRendition(t *testing.T, c *cluster, videoID string) {
	t.Helper()
	dir := filepath.Join(c.dataDir, "blobs", "videos", videoID, "hls", "stale")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"index.m3u8":   "#EXTM3U\n#EXTINF:4,\nseg_00000.ts\n",
		"seg_00000.ts": "stale",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// checkCleanOutputs checks that every rendition folder of the video holds
// exactly the segments its playlist names and is in the master playlist (no
// part of the killed attempt's ladder mixed in), and that the killed attempt's work folder is gone.
func checkCleanOutputs(t *testing.T, c *cluster, videoID string, deadPid int) {
	t.Helper()
	hls := filepath.Join(c.dataDir, "blobs", "videos", videoID, "hls")
	dirs, err := os.ReadDir(hls)
	if err != nil {
		t.Fatalf("read outputs: %v", err)
	}
	inMaster := map[string]bool{}
	master, err := os.ReadFile(filepath.Join(hls, "master.m3u8"))
	if err != nil {
		t.Fatalf("master playlist: %v", err)
	}
	for _, line := range strings.Split(string(master), "\n") {
		if dir, ok := strings.CutSuffix(strings.TrimSpace(line), "/index.m3u8"); ok && !strings.HasPrefix(line, "#") {
			inMaster[dir] = true
		}
	}
	renditions := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(hls, d.Name())
		if files, _ := os.ReadDir(dir); len(files) == 0 {
			continue // the file bucket leaves a folder emptied of its blobs behind
		}
		if !inMaster[d.Name()] {
			t.Errorf("rendition folder %s is not in the master playlist", d.Name())
		}
		renditions++
		named := map[string]bool{}
		f, err := os.Open(filepath.Join(dir, "index.m3u8"))
		if err != nil {
			t.Fatalf("rendition %s: %v", d.Name(), err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			switch {
			case strings.HasPrefix(line, `#EXT-X-MAP:URI="`):
				// A CMAF rendition's init segment.
				uri, _, _ := strings.Cut(strings.TrimPrefix(line, `#EXT-X-MAP:URI="`), `"`)
				named[uri] = true
			case line != "" && !strings.HasPrefix(line, "#"):
				named[line] = true
			}
		}
		f.Close()
		files, _ := os.ReadDir(dir)
		for _, seg := range files {
			name := seg.Name()
			if name == "index.m3u8" || strings.HasSuffix(name, ".attrs") {
				continue
			}
			if !named[name] {
				t.Errorf("rendition %s holds %s, which its playlist does not name", d.Name(), name)
			}
			delete(named, name)
		}
		for name := range named {
			t.Errorf("rendition %s playlist names missing %s", d.Name(), name)
		}
	}
	if renditions == 0 {
		t.Error("no rendition published")
	}
	left, _ := filepath.Glob(filepath.Join(c.tmp, "vidra-process-"+strconv.Itoa(deadPid)+"-*"))
	if len(left) > 0 {
		t.Errorf("the killed attempt's work folder is still there: %v", left)
	}
}
