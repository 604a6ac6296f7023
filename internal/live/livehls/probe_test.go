package livehls

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// streamInf reads the RESOLUTION and CODECS of a master's only variant.
var streamInf = regexp.MustCompile(`#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=(\d+)x(\d+),CODECS="([^"]+)"\n`)

// TestMasterNamesCodecsAndResolution: the live master, and the recording's,
// give the variant's RESOLUTION and CODECS as the encode has them: ffprobe's
// picture size of the first segment and RFC 6381 codecs whose H.264 profile
// and level are ffprobe's (x264 ultrafast at 192x108: Constrained Baseline; veryfast High at 640x360), with
// AAC-LC audio (mp4a.40.2), or the video alone.
func TestMasterNamesCodecsAndResolution(t *testing.T) {
	needFFmpeg(t)
	profiles := map[string]int{"Constrained Baseline": 0x42, "Baseline": 0x42, "Main": 0x4d, "High": 0x64}
	for _, c := range []struct {
		name  string
		extra []string
		audio bool
	}{
		{"high 192x108 with AAC", nil, true},
		{"high 640x360 video only", []string{"-map", "0:v", "-s", "640x360", "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast",
			"-g", "30", "-pix_fmt", "yuv420p"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			bk, dir := bucket(t)
			s := open(t, Options{Bucket: bk, Record: true})
			if err := s.Run(context.Background(), publish(t, 3, false, c.extra...).out); err != nil {
				t.Fatal(err)
			}
			live := read(t, bk, MasterKey(s.o.VideoID))
			if err := s.Close(context.Background(), "publisher_closed"); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
				"stream=width,height,profile,level", "-of", "json", filepath.Join(dir, Prefix(s.o.VideoID)+segmentName(0))).Output()
			if err != nil {
				t.Fatal(err)
			}
			var p struct {
				Streams []struct {
					Width, Height, Level int
					Profile              string
				}
			}
			if err := json.Unmarshal(out, &p); err != nil || len(p.Streams) != 1 {
				t.Fatalf("ffprobe: %v %s", err, out)
			}
			v := p.Streams[0]
			for name, master := range map[string]string{"live": live, "recording": read(t, bk, MasterKey(s.o.VideoID))} {
				m := streamInf.FindStringSubmatch(master)
				if m == nil {
					t.Fatalf("%s master without RESOLUTION and CODECS:\n%s", name, master)
				}
				t.Logf("%s master: %s(ffprobe: %dx%d %s level %d)", name, m[0], v.Width, v.Height, v.Profile, v.Level)
				if m[1] != strconv.Itoa(v.Width) || m[2] != strconv.Itoa(v.Height) {
					t.Errorf("%s master: RESOLUTION %sx%s, the encode is %dx%d", name, m[1], m[2], v.Width, v.Height)
				}
				want := regexp.QuoteMeta(fmt.Sprintf("avc1.%02x", profiles[v.Profile])) + "[0-9a-f]{2}" + regexp.QuoteMeta(fmt.Sprintf("%02x", v.Level))
				if c.audio {
					want += regexp.QuoteMeta(",mp4a.40.2")
				}
				if !regexp.MustCompile("^" + want + "$").MatchString(m[3]) {
					t.Errorf("%s master: CODECS %q, the encode is %s level %d (want %s)", name, m[3], v.Profile, v.Level, want)
				}
			}
		})
	}
}
