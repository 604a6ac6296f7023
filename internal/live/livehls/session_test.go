package livehls

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/internal/storage"
	"github.com/vidra-dev/vidra/internal/testproc"
)

// needFFmpeg skips a test without ffmpeg and ffprobe.
func needFFmpeg(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
}

// ffpub is an ffmpeg writing MPEG-TS to its stdout, as an ingest would hand it on.
type ffpub struct {
	cmd *exec.Cmd
	out io.ReadCloser
}

// publish starts ffmpeg with a small test picture and tone; extra are encoder
// arguments placed before the output (they may replace the defaults' streams).
func publish(t testing.TB, seconds float64, realtime bool, extra ...string) *ffpub {
	t.Helper()
	args := []string{"-hide_banner", "-loglevel", "error", "-nostdin"}
	if realtime {
		args = append(args, "-re")
	}
	args = append(args,
		"-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
		"-t", strconv.FormatFloat(seconds, 'f', -1, 64))
	if len(extra) == 0 {
		extra = []string{"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "30", "-pix_fmt", "yuv420p",
			"-c:a", "aac", "-b:a", "48k"}
	}
	args = append(args, extra...)
	args = append(args, "-f", "mpegts", "pipe:1")
	cmd := exec.Command("nice", append([]string{"-n", "19", "ffmpeg"}, args...)...)
	out := testproc.Stdout(t, cmd)
	return &ffpub{cmd: cmd, out: out}
}

// bucket is a file bucket in a temporary folder, and that folder.
func bucket(t testing.TB) (*blob.Bucket, string) {
	t.Helper()
	dir := t.TempDir()
	b, err := storage.Open(context.Background(), "file://"+dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b, dir
}

func open(t testing.TB, o Options) *Session {
	t.Helper()
	if o.VideoID == uuid.Nil {
		o.VideoID = uuid.New()
	}
	s, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func read(t testing.TB, b *blob.Bucket, key string) string {
	t.Helper()
	data, err := b.ReadAll(context.Background(), key)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return string(data)
}

// extinfs returns the EXTINF durations of a playlist.
func extinfs(t testing.TB, pl string) []float64 {
	t.Helper()
	var out []float64
	for _, l := range strings.Split(pl, "\n") {
		if v, ok := strings.CutPrefix(l, "#EXTINF:"); ok {
			d, err := strconv.ParseFloat(strings.TrimSuffix(v, ","), 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, d)
		}
	}
	return out
}

// probe runs ffprobe on a file or URL and returns its streams and duration.
type probed struct {
	Streams []struct {
		CodecType string `json:"codec_type"`
		CodecName string `json:"codec_name"`
		Width     int    `json:"width"`
	} `json:"streams"`
	Format struct {
		Duration string `json:"duration"`
	} `json:"format"`
}

func ffprobe(t testing.TB, target string) probed {
	t.Helper()
	out, err := exec.Command("nice", "-n", "19", "ffprobe", "-v", "error", "-show_entries",
		"stream=codec_type,codec_name,width:format=duration", "-of", "json", target).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("ffprobe %s: %v: %s", target, err, ee.Stderr)
		}
		t.Fatal(err)
	}
	var p probed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p probed) duration() float64 {
	d, _ := strconv.ParseFloat(p.Format.Duration, 64)
	return d
}

func (p probed) codecs() string {
	var c []string
	for _, s := range p.Streams {
		c = append(c, s.CodecType+":"+s.CodecName)
	}
	return strings.Join(c, ",")
}

// TestStandardSessionReconnectAndEnd publishes two connections into one session:
// keyframe-cut 2 s segments with PROGRAM-DATE-TIME in a sliding window, a
// discontinuity at the reconnect, ENDLIST and a whole recording at the end,
// which ffprobe plays.
func TestStandardSessionReconnectAndEnd(t *testing.T) {
	needFFmpeg(t)
	b, dir := bucket(t)
	s := open(t, Options{Bucket: b, Record: true, Window: 3})
	vid := s.o.VideoID
	start := time.Now()
	if err := s.Run(context.Background(), publish(t, 9, false).out); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.FirstSegment():
	default:
		t.Fatal("FirstSegment not closed after a whole connection")
	}
	pl := read(t, b, PlaylistKey(vid))
	durs := extinfs(t, pl)
	if len(durs) != 3 {
		t.Fatalf("window of 3, got %d segments:\n%s", len(durs), pl)
	}
	if !strings.Contains(pl, "#EXT-X-MEDIA-SEQUENCE:2\n") || strings.Contains(pl, "ENDLIST") {
		t.Fatalf("want media sequence 2 (5 segments of 9 s, window 3), no ENDLIST:\n%s", pl)
	}
	if n := strings.Count(pl, "#EXT-X-PROGRAM-DATE-TIME:"); n != 3 {
		t.Fatalf("want a PROGRAM-DATE-TIME per segment, got %d", n)
	}
	pdt := strings.SplitN(strings.SplitN(pl, "#EXT-X-PROGRAM-DATE-TIME:", 2)[1], "\n", 2)[0]
	at, err := time.Parse("2006-01-02T15:04:05.000Z", pdt)
	// The 9 s are read faster than real time: PROGRAM-DATE-TIME maps the media
	// timestamps back from the latest frame's arrival (cutter.tick), so the
	// window's first segment (4 s in) may be dated up to 9 s before the run.
	if err != nil || at.Before(start.Add(-10*time.Second)) || at.After(time.Now()) {
		t.Fatalf("PROGRAM-DATE-TIME %q (%v) not within the run", pdt, err)
	}
	// Second connection: same playlist, numbering goes on after a discontinuity.
	if err := s.Run(context.Background(), publish(t, 4, false).out); err != nil {
		t.Fatal(err)
	}
	pl = read(t, b, PlaylistKey(vid))
	if !strings.Contains(pl, "#EXT-X-DISCONTINUITY\n") {
		t.Fatalf("no discontinuity after the reconnect:\n%s", pl)
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	pl = read(t, b, PlaylistKey(vid))
	if !strings.HasSuffix(pl, "#EXT-X-ENDLIST\n") {
		t.Fatalf("no ENDLIST after Close:\n%s", pl)
	}
	rec := read(t, b, RecordingKey(vid))
	all := extinfs(t, rec)
	if len(all) != 7 { // 9 s: 2+2+2+2+1; 4 s: 2+2
		t.Fatalf("want 7 segments in the recording, got %v:\n%s", all, rec)
	}
	var total float64
	for i, d := range all {
		total += d
		if i != 4 && i != 6 && (d < 1.9 || d > 2.1) {
			t.Fatalf("segment %d lasts %.3f s, want 2 (keyframe every 1 s):\n%s", i, d, rec)
		}
	}
	if total < 12.8 || total > 13.2 {
		t.Fatalf("recording lasts %.3f s, want 13", total)
	}
	if !strings.Contains(rec, "#EXT-X-PLAYLIST-TYPE:VOD") || strings.Count(rec, "#EXT-X-DISCONTINUITY\n") != 1 {
		t.Fatalf("recording playlist:\n%s", rec)
	}
	if m := read(t, b, MasterKey(vid)); !strings.Contains(m, "live/recording.m3u8") {
		t.Fatalf("master does not name the recording after Close:\n%s", m)
	}
	p := ffprobe(t, filepath.Join(dir, RecordingKey(vid)))
	if p.codecs() != "video:h264,audio:aac" || p.duration() < 12.5 {
		t.Fatalf("ffprobe of the recording: %s, %.2f s", p.codecs(), p.duration())
	}
	if err := s.Run(context.Background(), strings.NewReader("")); !errors.Is(err, ErrClosed) {
		t.Fatalf("Run after Close: %v", err)
	}
}

// TestLowLatencyParts: the low mode lists ~0.5 s parts of the segment being
// written, the first of each segment independent, with blocking reload
// advertised; the parts of a segment concatenate to the segment.
func TestLowLatencyParts(t *testing.T) {
	needFFmpeg(t)
	b, _ := bucket(t)
	s := open(t, Options{Bucket: b, Record: true, LatencyMode: LatencyLow})
	vid := s.o.VideoID
	if err := s.Run(context.Background(), publish(t, 5, false).out); err != nil {
		t.Fatal(err)
	}
	pl := read(t, b, PlaylistKey(vid))
	for _, want := range []string{"#EXT-X-VERSION:6", "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.500",
		"#EXT-X-PART-INF:PART-TARGET=0.500", "#EXT-X-PART:DURATION=0.500,URI=\"part_00000_0.ts\",INDEPENDENT=YES"} {
		if !strings.Contains(pl, want) {
			t.Fatalf("playlist lacks %q:\n%s", want, pl)
		}
	}
	// Every independent part starts with the program tables (PAT first):
	// hls.js starts demuxing there. The keyframe every second makes the
	// third part of each segment independent too.
	independent := 0
	for _, l := range strings.Split(pl, "\n") {
		if !strings.HasPrefix(l, "#EXT-X-PART:") || !strings.Contains(l, "INDEPENDENT=YES") {
			continue
		}
		name := strings.SplitN(strings.SplitN(l, `URI="`, 2)[1], `"`, 2)[0]
		data, err := b.ReadAll(context.Background(), Prefix(vid)+name)
		if err != nil || len(data) < 188 || data[0] != 0x47 || (int(data[1]&0x1f)<<8|int(data[2])) != 0 {
			t.Fatalf("independent part %s does not start with a PAT (%v)", name, err)
		}
		independent++
	}
	if independent < 3 {
		t.Fatalf("%d independent parts listed, want the first and third of each segment:\n%s", independent, pl)
	}
	// Segment 1's parts (still listed) make up segment 1.
	var joined []byte
	for i := 0; ; i++ {
		data, err := b.ReadAll(context.Background(), Prefix(vid)+partName(1, i))
		if err != nil {
			if i != 4 {
				t.Fatalf("segment 1 has %d parts, want 4 (%v)", i, err)
			}
			break
		}
		joined = append(joined, data...)
	}
	seg, err := b.ReadAll(context.Background(), Prefix(vid)+segmentName(1))
	if err != nil || !bytes.Equal(seg, joined) {
		t.Fatalf("segment 1 (%d bytes, %v) is not its parts joined (%d bytes)", len(seg), err, len(joined))
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	if pl := read(t, b, PlaylistKey(vid)); !strings.HasSuffix(pl, "#EXT-X-ENDLIST\n") {
		t.Fatalf("no ENDLIST:\n%s", pl)
	}
}

// TestAudioOnlyAndVideoOnly: either track alone is segmented and plays.
func TestAudioOnlyAndVideoOnly(t *testing.T) {
	needFFmpeg(t)
	for name, enc := range map[string][]string{
		"audio-only": {"-map", "1:a", "-c:a", "aac", "-b:a", "48k"},
		"video-only": {"-map", "0:v", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p"},
	} {
		t.Run(name, func(t *testing.T) {
			b, dir := bucket(t)
			s := open(t, Options{Bucket: b, Record: true})
			if err := s.Run(context.Background(), publish(t, 5, false, enc...).out); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(context.Background(), "publisher_closed"); err != nil {
				t.Fatal(err)
			}
			durs := extinfs(t, read(t, b, RecordingKey(s.o.VideoID)))
			if len(durs) < 2 || durs[0] < 1.9 || durs[0] > 2.2 {
				t.Fatalf("segments %v", durs)
			}
			p := ffprobe(t, filepath.Join(dir, RecordingKey(s.o.VideoID)))
			want := map[string]string{"audio-only": "audio:aac", "video-only": "video:h264"}[name]
			if p.codecs() != want || p.duration() < 4.5 {
				t.Fatalf("ffprobe: %s %.2f s, want %s 5 s", p.codecs(), p.duration(), want)
			}
		})
	}
}

// TestBadInput: garbage and unsupported codecs end the connection with a clear
// error; the session still closes cleanly.
func TestBadInput(t *testing.T) {
	needFFmpeg(t)
	b, _ := bucket(t)
	garbage := make([]byte, maxGarbage+4096)
	_, _ = rand.Read(garbage)
	for i := range garbage {
		if garbage[i] == 0x47 {
			garbage[i] = 0
		}
	}
	s := open(t, Options{Bucket: b, Record: true})
	if err := s.Run(context.Background(), bytes.NewReader(garbage)); !errors.Is(err, ErrNotMPEGTS) {
		t.Fatalf("garbage: %v, want ErrNotMPEGTS", err)
	}
	err := s.Run(context.Background(), publish(t, 2, false, "-c:v", "mpeg2video", "-an").out)
	if !errors.Is(err, ErrUnsupportedCodec) || !strings.Contains(err.Error(), "MPEG-2") {
		t.Fatalf("mpeg2video: %v, want ErrUnsupportedCodec naming MPEG-2", err)
	}
	if s.Segments() != 0 {
		t.Fatalf("%d segments from bad input", s.Segments())
	}
	if err := s.Close(context.Background(), "error"); err != nil {
		t.Fatal(err)
	}
}

// TestRunStopsAtContextEnd: cancelling a connection's context closes its
// reader and ends Run with the context's error; what was read is published.
func TestRunStopsAtContextEnd(t *testing.T) {
	needFFmpeg(t)
	b, _ := bucket(t)
	s := open(t, Options{Bucket: b, Record: true})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, publish(t, 60, true).out) }()
	select {
	case <-s.FirstSegment():
	case <-time.After(30 * time.Second):
		t.Fatal("no first segment in 30 s")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
	if err := s.Close(context.Background(), "disabled"); err != nil {
		t.Fatal(err)
	}
	if s.Segments() < 1 {
		t.Fatal("no segment published")
	}
}

// TestNoKeyframe: a stream whose keyframes stop ends with ErrNoKeyframe once a
// segment would pass 30 s; the segments before are published.
func TestNoKeyframe(t *testing.T) {
	needFFmpeg(t)
	b, _ := bucket(t)
	s := open(t, Options{Bucket: b, Record: true})
	err := s.Run(context.Background(), publish(t, 34, false, "-map", "0:v", "-c:v", "libx264", "-preset", "ultrafast",
		"-g", "2000", "-keyint_min", "2000", "-sc_threshold", "0", "-pix_fmt", "yuv420p").out)
	if !errors.Is(err, ErrNoKeyframe) {
		t.Fatalf("Run: %v, want ErrNoKeyframe", err)
	}
	if err := s.Close(context.Background(), "error"); err != nil {
		t.Fatal(err)
	}
}

// TestWithoutRecording: segments leaving the window are deleted and no
// recording playlist is written.
func TestWithoutRecording(t *testing.T) {
	needFFmpeg(t)
	b, _ := bucket(t)
	s := open(t, Options{Bucket: b, Window: 2})
	if err := s.Run(context.Background(), publish(t, 12, false).out); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if ok, _ := b.Exists(ctx, Prefix(s.o.VideoID)+segmentName(0)); ok {
		t.Fatal("segment 0 kept without a recording")
	}
	if ok, _ := b.Exists(ctx, Prefix(s.o.VideoID)+segmentName(5)); !ok {
		t.Fatal("the last segment is gone")
	}
	if ok, _ := b.Exists(ctx, RecordingKey(s.o.VideoID)); ok {
		t.Fatal("a recording playlist without a recording")
	}
}
