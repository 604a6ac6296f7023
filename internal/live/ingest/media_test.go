package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	srt "github.com/datarhei/gosrt"
)

// needFFmpeg skips a test when ffmpeg or ffprobe is missing.
func needFFmpeg(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
}

// publish starts a real ffmpeg publisher of a small test picture and tone.
// extra are output options placed before the output URL (e.g. "-an").
func publish(t *testing.T, ctx context.Context, seconds string, out string, extra ...string) *exec.Cmd {
	t.Helper()
	args := []string{"-hide_banner", "-loglevel", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
		"-t", seconds, "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "50", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-b:a", "64k"}
	args = append(args, extra...)
	args = append(args, out)
	cmd := exec.CommandContext(ctx, "nice", append([]string{"-n", "19", "ffmpeg"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return cmd
}

// probe returns ffprobe's streams of a file.
func probe(t *testing.T, path string) []map[string]any {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_streams", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var doc struct {
		Streams []map[string]any `json:"streams"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Streams
}

// muxToFile reads p's media into an MPEG-TS file and returns the statistics.
func muxToFile(t *testing.T, p *publisher, path string) (*Stats, error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	stats := NewStats(0)
	p.conn.stats.Store(stats)
	err = p.readMedia(func(v, a string, at tscodecs.Codec) (*tsMuxer, error) {
		return newTSMuxer(f, v, a, at, stats)
	})
	return stats, err
}

func TestRTMPToMPEGTS(t *testing.T) {
	needFFmpeg(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pub := publish(t, ctx, "4", "rtmp://"+ln.Addr().String()+"/live/thekey", "-f", "flv")
	nc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	p, err := acceptRTMP(nc, ProtocolRTMP, defaultAuthTimeout)
	if err != nil {
		t.Fatal(err)
	}
	p.guard.open() // as the server does once the key is admitted
	if p.key != "thekey" {
		t.Fatalf("key %q", p.key)
	}
	out := filepath.Join(t.TempDir(), "out.ts")
	stats, err := muxToFile(t, p, out)
	if err != nil && !errors.Is(err, io.EOF) {
		t.Logf("read ended: %v", err)
	}
	_ = pub.Wait()
	if !p.closed.Load() {
		t.Error("the publisher's clean stop was not seen")
	}
	streams := probe(t, out)
	if len(streams) != 2 || streams[0]["codec_name"] != "h264" || streams[1]["codec_name"] != "aac" {
		t.Fatalf("streams %v", streams)
	}
	if streams[0]["width"] != float64(320) || streams[0]["height"] != float64(240) {
		t.Fatalf("size %v x %v", streams[0]["width"], streams[0]["height"])
	}
	snap := stats.Snapshot(time.Now())
	if snap.VideoCodec != "h264" || snap.AudioCodec != "aac" || snap.Width != 320 || snap.Height != 240 {
		t.Fatalf("snapshot %+v", snap)
	}
	if snap.FPS < 24 || snap.FPS > 26 || snap.KeyframeIntervalSeconds < 1.9 || snap.KeyframeIntervalSeconds > 2.1 {
		t.Fatalf("fps %v gop %v", snap.FPS, snap.KeyframeIntervalSeconds)
	}
	if snap.Bytes < 10000 || len(snap.Warnings) != 0 {
		t.Fatalf("bytes %d warnings %v", snap.Bytes, snap.Warnings)
	}
}

func TestSRTToMPEGTS(t *testing.T) {
	needFFmpeg(t)
	ln, err := srt.Listen("srt", "127.0.0.1:0", srt.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	pub := publish(t, ctx, "4", "srt://"+ln.Addr().String()+"?streamid=publish:srtkey", "-an", "-f", "mpegts")
	req, err := ln.Accept2()
	if err != nil {
		t.Fatal(err)
	}
	key, ok := keyFromSRTStreamID(req.StreamId())
	if !ok || key != "srtkey" {
		t.Fatalf("stream id %q", req.StreamId())
	}
	c, err := req.Accept()
	if err != nil {
		t.Fatal(err)
	}
	p := srtPublisher(c, key, nil)
	out := filepath.Join(t.TempDir(), "out.ts")
	done := make(chan struct{})
	var stats *Stats
	go func() {
		defer close(done)
		stats, _ = muxToFile(t, p, out)
	}()
	_ = pub.Wait()
	// SRT says nothing when the sender goes: the stall watchdog closes it in
	// the server; here the test plays the watchdog, whose stall is a span of
	// wall-clock time with no signal (the last packets are read meanwhile).
	time.Sleep(500 * time.Millisecond)
	_ = p.conn.Close()
	<-done
	streams := probe(t, out)
	if len(streams) != 1 || streams[0]["codec_name"] != "h264" {
		t.Fatalf("streams %v", streams)
	}
	snap := stats.Snapshot(time.Now())
	if snap.VideoCodec != "h264" || snap.AudioCodec != "" || snap.Width != 320 {
		t.Fatalf("snapshot %+v", snap)
	}
	if len(snap.Warnings) != 1 || snap.Warnings[0] != WarnVideoOnly {
		t.Fatalf("warnings %v", snap.Warnings)
	}
}
