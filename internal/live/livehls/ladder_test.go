package livehls

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/poll"
)

// testLadder is a project's encoding ladder, as graph.EncodingLadders gives it.
type testLadder []media.Rung

func (l testLadder) LadderFor(context.Context, uuid.UUID) ([]media.Rung, error) { return l, nil }

// twoRungs fits the tests' 192x108 publisher.
var twoRungs = testLadder{
	{Name: "72p", Height: 72, VideoKbps: 150, AudioKbps: 48},
	{Name: "108p", Height: 108, VideoKbps: 300, AudioKbps: 64},
}

// warnings collects the warnings a session raises.
type warnings struct {
	mu   sync.Mutex
	list []string
}

func (w *warnings) warn(s string) { w.mu.Lock(); w.list = append(w.list, s); w.mu.Unlock() }
func (w *warnings) get() []string { w.mu.Lock(); defer w.mu.Unlock(); return slices.Clone(w.list) }

func transcoded(t *testing.T, slots *liveslots.Budget, w *warnings) (*Session, string) {
	t.Helper()
	b, dir := bucket(t)
	s := open(t, Options{Bucket: b, Record: true, Transcode: true,
		Ladder: TranscodeOptions{Ladders: twoRungs, Slots: slots, Warn: w.warn, Preset: "ultrafast"}})
	return s, filepath.Join(dir, "videos", s.o.VideoID.String(), "live")
}

// firstVideoPacket returns the first video packet's pts and flags of a file.
func firstVideoPacket(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v", "-read_intervals", "%+#1",
		"-show_entries", "packet=pts,flags", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return strings.TrimSpace(strings.Split(string(out), "\n")[0])
}

// TestTranscodedLadder: a transcoded session publishes the source and every
// rung of the ladder; the master lists them; ffprobe plays each rendition at
// its height; the renditions' segments start on the same keyframe instants;
// the slots are held while the session lives and given back at its end.
func TestTranscodedLadder(t *testing.T) {
	needFFmpeg(t)
	slots := liveslots.New(4)
	var w warnings
	s, dir := transcoded(t, slots, &w)
	if slots.InUse() != 2 {
		t.Fatalf("slots in use %d, want 2", slots.InUse())
	}
	pub := publish(t, 9, false)
	if err := s.Run(context.Background(), pub.out); err != nil {
		t.Fatal(err)
	}
	master := read(t, s.o.Bucket, MasterKey(s.o.VideoID))
	for _, m := range []string{"live/index.m3u8", "live/72p/index.m3u8", "live/108p/index.m3u8"} {
		if !strings.Contains(master, "\n"+m+"\n") {
			t.Fatalf("master does not list %s:\n%s", m, master)
		}
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if slots.InUse() != 0 {
		t.Fatalf("slots in use after the end: %d", slots.InUse())
	}
	if len(w.get()) != 0 {
		t.Fatalf("warnings %v", w.get())
	}
	var segs [][]string
	for i, r := range twoRungs {
		pl := filepath.Join(dir, r.Name, "index.m3u8")
		body, err := os.ReadFile(pl)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(body), "#EXT-X-ENDLIST") || !strings.Contains(string(body), "#EXT-X-PROGRAM-DATE-TIME:") {
			t.Fatalf("%s playlist:\n%s", r.Name, body)
		}
		p := ffprobe(t, pl)
		if p.codecs() != "video:h264,audio:aac" || p.Streams[0].Width == 0 || p.duration() < 7 {
			t.Fatalf("%s: %s, width %d, %.1f s", r.Name, p.codecs(), p.Streams[0].Width, p.duration())
		}
		if want := []int{128, 192}[i]; p.Streams[0].Width != want {
			t.Fatalf("%s is %d wide, want %d", r.Name, p.Streams[0].Width, want)
		}
		var firsts []string
		for _, l := range strings.Split(string(body), "\n") {
			if strings.HasSuffix(l, ".ts") {
				firsts = append(firsts, firstVideoPacket(t, filepath.Join(dir, r.Name, l)))
			}
		}
		segs = append(segs, firsts)
	}
	if len(segs[0]) < 4 || !slices.Equal(segs[0], segs[1]) {
		t.Fatalf("segments' first video packets (pts,flags) differ between renditions:\n72p  %v\n108p %v", segs[0], segs[1])
	}
	for _, f := range segs[0] {
		if !strings.Contains(f, "K") {
			t.Fatalf("a rendition segment does not start on a keyframe: %v", segs[0])
		}
	}
	// The recording stays the source.
	if rec := ffprobe(t, filepath.Join(dir, "recording.m3u8")); rec.Streams[0].Width != 192 {
		t.Fatalf("recording %+v", rec)
	}
	t.Logf("renditions' segments start at %v", segs[0])
}

// TestTranscodeBudgetFull: with fewer free slots than the ladder has rungs,
// the session is transmuxed with the transcode_unavailable warning.
func TestTranscodeBudgetFull(t *testing.T) {
	needFFmpeg(t)
	slots := liveslots.New(1)
	var w warnings
	s, dir := transcoded(t, slots, &w)
	if s.ladder != nil || slots.InUse() != 0 || !slices.Equal(w.get(), []string{live.WarningTranscodeUnavailable}) {
		t.Fatalf("ladder %v, slots in use %d, warnings %v", s.ladder, slots.InUse(), w.get())
	}
	if err := s.Run(context.Background(), publish(t, 3, false).out); err != nil {
		t.Fatal(err)
	}
	master := read(t, s.o.Bucket, MasterKey(s.o.VideoID))
	if strings.Contains(master, "p/index.m3u8") || !strings.Contains(master, "live/index.m3u8") {
		t.Fatalf("master of a transmuxed session:\n%s", master)
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "72p")); !os.IsNotExist(err) {
		t.Fatalf("a rendition folder exists: %v", err)
	}
}

// TestTranscoderKilled: the encoder killed mid-session leaves the session
// going on transmuxed: the source keeps its segments, the master lists the
// source alone, the renditions' playlists end, the slots are given back and
// the transcode_failed warning is raised.
func TestTranscoderKilled(t *testing.T) {
	needFFmpeg(t)
	slots := liveslots.New(4)
	var w warnings
	s, dir := transcoded(t, slots, &w)
	pub := publish(t, 10, true)
	runErr := make(chan error, 1)
	go func() { runErr <- s.Run(context.Background(), pub.out) }()
	var m []byte
	if !poll.Within(20*time.Second, func() bool {
		m, _ = s.o.Bucket.ReadAll(context.Background(), MasterKey(s.o.VideoID))
		return strings.Contains(string(m), "live/108p/index.m3u8") && strings.Contains(string(m), "live/72p/index.m3u8")
	}) {
		t.Fatalf("the renditions were never listed: %s", m)
	}
	s.ladder.mu.Lock()
	run := s.ladder.run
	s.ladder.mu.Unlock()
	before := s.Segments()
	if err := run.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := <-runErr; err != nil {
		t.Fatalf("the connection ended with %v", err)
	}
	if s.Segments() < before+2 {
		t.Fatalf("source segments: %d before the kill, %d at the end", before, s.Segments())
	}
	if !slices.Equal(w.get(), []string{live.WarningTranscodeFailed}) || slots.InUse() != 0 {
		t.Fatalf("warnings %v, slots in use %d", w.get(), slots.InUse())
	}
	master := read(t, s.o.Bucket, MasterKey(s.o.VideoID))
	if strings.Contains(master, "p/index.m3u8") {
		t.Fatalf("master after the encoder died:\n%s", master)
	}
	for _, r := range twoRungs {
		if body := read(t, s.o.Bucket, Prefix(s.o.VideoID)+r.Name+"/index.m3u8"); !strings.Contains(body, "#EXT-X-ENDLIST") {
			t.Fatalf("%s playlist not ended:\n%s", r.Name, body)
		}
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if p := ffprobe(t, filepath.Join(dir, "recording.m3u8")); p.duration() < 9 {
		t.Fatalf("recording lasts %.1f s", p.duration())
	}
}

// TestTranscodedReconnect: a second connection into a transcoded session gets
// its own encoder; each rendition continues after #EXT-X-DISCONTINUITY and
// plays across it.
func TestTranscodedReconnect(t *testing.T) {
	needFFmpeg(t)
	slots := liveslots.New(4)
	var w warnings
	s, dir := transcoded(t, slots, &w)
	for range 2 {
		if err := s.Run(context.Background(), publish(t, 4, false).out); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if len(w.get()) != 0 || slots.InUse() != 0 {
		t.Fatalf("warnings %v, slots in use %d", w.get(), slots.InUse())
	}
	for _, r := range twoRungs {
		pl := filepath.Join(dir, r.Name, "index.m3u8")
		body, err := os.ReadFile(pl)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(body), "#EXT-X-DISCONTINUITY\n") != 1 || !strings.Contains(string(body), "#EXT-X-ENDLIST") {
			t.Fatalf("%s playlist:\n%s", r.Name, body)
		}
		if p := ffprobe(t, pl); p.codecs() != "video:h264,audio:aac" || p.duration() < 6 {
			t.Fatalf("%s: %s, %.1f s", r.Name, p.codecs(), p.duration())
		}
	}
}

// TestTranscodedResumeOnAnotherNode: a transcoded session released by one node
// and resumed by another goes on with each rendition's numbering: one
// discontinuity, no segment name used twice, the media sequence never going
// back, and the rendition plays across both nodes' segments.
func TestTranscodedResumeOnAnotherNode(t *testing.T) {
	needFFmpeg(t)
	slots := liveslots.New(4)
	var w warnings
	a, dir := transcoded(t, slots, &w)
	if err := a.Run(context.Background(), publish(t, 6, false).out); err != nil {
		t.Fatal(err)
	}
	before := map[string]string{}
	for _, r := range twoRungs {
		body, err := os.ReadFile(filepath.Join(dir, r.Name, "index.m3u8"))
		if err != nil {
			t.Fatal(err)
		}
		before[r.Name] = string(body)
	}
	if err := a.Release(context.Background()); err != nil {
		t.Fatal(err)
	}
	o := a.o
	o.Resume = true
	bn, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if err := bn.Run(context.Background(), publish(t, 4, false).out); err != nil {
		t.Fatal(err)
	}
	if err := bn.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if len(w.get()) != 0 || slots.InUse() != 0 {
		t.Fatalf("warnings %v, slots in use %d", w.get(), slots.InUse())
	}
	lastSeq := func(pl string) int {
		t.Helper()
		names := regexp.MustCompile(`seg_([0-9]+)\.ts`).FindAllStringSubmatch(pl, -1)
		if len(names) == 0 {
			t.Fatalf("no segment in\n%s", pl)
		}
		n, _ := strconv.Atoi(names[len(names)-1][1])
		return n
	}
	for _, r := range twoRungs {
		pl := filepath.Join(dir, r.Name, "index.m3u8")
		body, err := os.ReadFile(pl)
		if err != nil {
			t.Fatal(err)
		}
		after := string(body)
		if strings.Count(after, "#EXT-X-DISCONTINUITY\n") != 1 || !strings.Contains(after, "#EXT-X-ENDLIST") {
			t.Fatalf("%s playlist after the resume, want one discontinuity and the end:\n%s", r.Name, after)
		}
		// The first segment after the resume is numbered after a's last one.
		first := regexp.MustCompile(`#EXT-X-DISCONTINUITY\n(?:#[^\n]*\n)*seg_([0-9]+)\.ts`).FindStringSubmatch(after)
		if first == nil {
			t.Fatalf("%s: no segment after the discontinuity:\n%s", r.Name, after)
		}
		if n, _ := strconv.Atoi(first[1]); n != lastSeq(before[r.Name])+1 {
			t.Fatalf("%s: first segment after the resume is %d, a's last was %d", r.Name, n, lastSeq(before[r.Name]))
		}
		if p := ffprobe(t, pl); p.codecs() != "video:h264,audio:aac" || p.duration() < 6 {
			t.Fatalf("%s: %s, %.1f s", r.Name, p.codecs(), p.duration())
		}
	}
}
