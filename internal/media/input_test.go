package media_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/media"
)

// TestOpenInputSniffsTheBytesNotTheName: the demuxer comes from the file's
// leading bytes, whatever its name; playlists, concat lists, images and text are
// refused with a reason naming what the file is.
func TestOpenInputSniffsTheBytesNotTheName(t *testing.T) {
	tools := media.FindTools("", "")
	if tools.Missing != "" {
		t.Skip(tools.Missing)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src.mp4")
	if err := runFFmpeg(t, "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-pix_fmt", "yuv420p", src); err != nil {
		t.Fatal(err)
	}
	made := func(name string, args ...string) string {
		out := filepath.Join(dir, name)
		if err := runFFmpeg(t, append(append([]string{"-i", src}, args...), out)...); err != nil {
			t.Fatal(err)
		}
		return out
	}
	written := func(name, text string) string {
		out := filepath.Join(dir, name)
		if err := os.WriteFile(out, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return out
	}
	accepted := []struct{ path, demuxer string }{
		{src, "mov"},
		{made("mkv-named.mp4", "-c", "copy", "-f", "matroska"), "matroska"},
		{made("clip.webm", "-c:v", "libvpx", "-deadline", "realtime"), "matroska"},
		{made("clip.avi", "-c", "copy"), "avi"},
		{made("ts-named.mov", "-c", "copy", "-f", "mpegts"), "mpegts"},
		{made("clip.flv", "-c:v", "flv"), "flv"},
		{made("clip.mpg", "-c:v", "mpeg2video"), "mpeg"},
		{made("clip.wmv", "-c:v", "wmv2"), "asf"},
	}
	for _, c := range accepted {
		in, err := media.OpenInput(c.path)
		if err != nil || in.Demuxer != c.demuxer || in.Path != c.path {
			t.Errorf("%s: %+v %v, want demuxer %s", filepath.Base(c.path), in, err, c.demuxer)
			continue
		}
		// ffprobe reads it with that demuxer alone.
		if p, err := tools.ProbeFile(context.Background(), c.path); err != nil || p.Width != 160 || p.Input != in {
			t.Errorf("probe %s: %+v %v", filepath.Base(c.path), p, err)
		}
	}
	refused := []struct{ path, want string }{
		{written("playlist.mp4", "#EXTM3U\n#EXTINF:10,\nfile:///etc/passwd\n"), "HLS playlist"},
		{written("bom-playlist.mp4", "\ufeff\n#EXTM3U\n#EXTINF:10,\n/etc/passwd\n"), "HLS playlist"},
		{written("list.mp4", "ffconcat version 1.0\nfile '/etc/passwd'\n"), "concat list"},
		{written("plain-list.mkv", "file '/etc/passwd'\n"), "concat list"},
		{written("dash.mp4", `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"></MPD>`), "not a media file"},
		{written("data.mp4", "data:video/mp4;base64,AAAA"), "text"},
		{made("frame.mp4", "-frames:v", "1", "-f", "image2", "-c:v", "png"), "image"},
		{made("frame.jpg", "-frames:v", "1"), "image"},
		{written("empty.mp4", ""), "empty"},
	}
	for _, c := range refused {
		_, err := media.OpenInput(c.path)
		if !media.IsNotMedia(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a NotMediaError with %q", filepath.Base(c.path), err, c.want)
		}
	}
}

// TestInputArgsNameOneFileAndOneDemuxer: the input options force the demuxer,
// allow it alone and only the file protocol, and name the path as a file: URL.
func TestInputArgsNameOneFileAndOneDemuxer(t *testing.T) {
	got := strings.Join(media.Input{Path: "/tmp/x/source", Demuxer: "matroska"}.Args("-ss", "1.5"), " ")
	want := "-ss 1.5 -protocol_whitelist file -format_whitelist matroska -f matroska -i file:/tmp/x/source"
	if got != want {
		t.Errorf("args = %q, want %q", got, want)
	}
	got = strings.Join(media.Input{Path: "/s", Demuxer: "mov"}.Args(), " ")
	if !strings.Contains(got, "-enable_drefs 0") || !strings.HasSuffix(got, "-f mov -enable_drefs 0 -use_absolute_path 0 -i file:/s") {
		t.Errorf("mov args = %q", got)
	}
}
